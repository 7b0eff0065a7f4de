/** The spec's isAgent as a word: 0 player, 4 trial, 1/2/41/42 agents. */
export function typeKey(type: number): 'type_player' | 'type_trial' | 'type_agent' {
  if (type === 0) return 'type_player';
  if (type === 4) return 'type_trial';
  return 'type_agent';
}
