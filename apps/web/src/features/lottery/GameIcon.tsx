import type { ReactNode } from 'react';

/**
 * The lottery icons (our own artwork): SSC a row of digit tiles, 11X5 two numbered balls, PK10 a race
 * car, LHC (Mark Six) three coloured balls, Vietnamese lottery a ticket with its special prize star.
 */
const art: Record<string, { bg: string; body: ReactNode }> = {
  SSC: {
    bg: '#1f6feb',
    body: (
      <>
        <rect x="7" y="14" width="9" height="13" rx="2" fill="#fff" />
        <rect x="17.5" y="14" width="9" height="13" rx="2" fill="#ffd33d" />
        <rect x="28" y="14" width="9" height="13" rx="2" fill="#fff" />
        <text x="11.5" y="24.5" fontSize="9" fontWeight="700" textAnchor="middle" fill="#1f6feb">
          7
        </text>
        <text x="22" y="24.5" fontSize="9" fontWeight="700" textAnchor="middle" fill="#7a4b00">
          3
        </text>
        <text x="32.5" y="24.5" fontSize="9" fontWeight="700" textAnchor="middle" fill="#1f6feb">
          9
        </text>
        <path d="M9 31h26" stroke="#9cc3ff" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
  '11X5': {
    bg: '#8250df',
    body: (
      <>
        <circle cx="16" cy="21" r="8" fill="#ffd33d" />
        <circle cx="28" cy="24" r="8" fill="#fff" />
        <text x="16" y="24.5" fontSize="8.5" fontWeight="700" textAnchor="middle" fill="#5a2ea6">
          11
        </text>
        <text x="28" y="27.5" fontSize="8.5" fontWeight="700" textAnchor="middle" fill="#5a2ea6">
          05
        </text>
      </>
    ),
  },
  PK10: {
    bg: '#d1242f',
    body: (
      <>
        <path d="M8 26l3-7h15l6 4 4 1v4H8z" fill="#fff" />
        <circle cx="14" cy="29" r="3.2" fill="#24292f" />
        <circle cx="30" cy="29" r="3.2" fill="#24292f" />
        <path d="M14 19l2-4h6l3 4z" fill="#ffd33d" />
        <text x="20" y="26" fontSize="6" fontWeight="700" textAnchor="middle" fill="#d1242f">
          10
        </text>
      </>
    ),
  },
  LHC: {
    bg: '#1a7f37',
    body: (
      <>
        <circle cx="14" cy="25" r="6.5" fill="#e5534b" />
        <circle cx="30" cy="25" r="6.5" fill="#4493f8" />
        <circle cx="22" cy="16" r="6.5" fill="#57d364" stroke="#fff" strokeWidth="1.5" />
        <text x="22" y="19" fontSize="7" fontWeight="700" textAnchor="middle" fill="#fff">
          49
        </text>
      </>
    ),
  },
  VN: {
    bg: '#bf3989',
    body: (
      <>
        <rect x="7" y="12" width="30" height="20" rx="3" fill="#fff" />
        <path d="M7 22h30" stroke="#f0b6d6" strokeDasharray="2 2" />
        <path d="M15 14.5l1.4 2.9 3.1.4-2.3 2.1.6 3.1-2.8-1.5-2.8 1.5.6-3.1-2.3-2.1 3.1-.4z" fill="#e5534b" />
        <text x="28" y="20" fontSize="6.5" fontWeight="700" textAnchor="middle" fill="#bf3989">
          ĐB
        </text>
        <text x="22" y="29.5" fontSize="6.5" fontWeight="700" textAnchor="middle" fill="#6e2a55">
          12345
        </text>
      </>
    ),
  },
};

/** The icon of a lottery game family (VN_NORTH and VN_SOUTH share the Vietnamese one). */
export function GameIcon({ family, size = 36 }: { family: string; size?: number }) {
  const a = art[family.startsWith('VN') ? 'VN' : family] ?? art.SSC;
  if (!a) return null;
  return (
    <svg width={size} height={size} viewBox="0 0 44 44" aria-hidden="true" focusable="false" className="lottery-icon">
      <rect width="44" height="44" rx="11" fill={a.bg} />
      {a.body}
    </svg>
  );
}
