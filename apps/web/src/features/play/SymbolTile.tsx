import type { SlotSymbol } from '@platform/games/slots';

const hues = [350, 28, 48, 140, 175, 205, 235, 265, 295, 320, 10, 95];

/** A reel symbol drawn by us: a gem-like badge in the symbol's colour with its initials; wild and scatter stand out. */
export function SymbolTile({ symbol, index }: { symbol: SlotSymbol; index: number }) {
  const hue = hues[index % hues.length] as number;
  const label = symbol.kind === 'wild' ? 'WILD' : symbol.kind === 'scatter' ? 'BONUS' : initials(symbol.name);
  return (
    <svg viewBox="0 0 64 64" className={`symbol symbol--${symbol.kind}`} role="img" aria-label={symbol.name}>
      <title>{symbol.name}</title>
      {symbol.kind === 'wild' ? (
        <path d="M32 4l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 24l20-2z" fill={`hsl(${hue} 85% 55%)`} stroke="#fff6" strokeWidth="2" />
      ) : symbol.kind === 'scatter' ? (
        <path d="M32 4l26 28-26 28L6 32z" fill={`hsl(${hue} 80% 50%)`} stroke="#fff8" strokeWidth="2" />
      ) : (
        <path d="M16 8h32l12 16-28 34L4 24z" fill={`hsl(${hue} 70% 48%)`} stroke="#ffffff55" strokeWidth="2" />
      )}
      <path d="M16 8h32l12 16H4z" fill="#ffffff22" />
      <text
        x="32"
        y="38"
        textAnchor="middle"
        fontSize={label.length > 3 ? 12 : 16}
        fontWeight="800"
        fill="#fff"
        stroke="#0006"
        strokeWidth="0.6"
      >
        {label}
      </text>
    </svg>
  );
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return words.length > 1
    ? words
        .map((w) => w[0])
        .join('')
        .slice(0, 2)
        .toUpperCase()
    : name.slice(0, 2).toUpperCase();
}
