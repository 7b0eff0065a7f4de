// Page group "agent": the agents' entrance (/agent); the agent centre itself is a dialog of the shell.
export { AgentEntrancePage } from '../../features/agent/AgentEntrance.tsx';
