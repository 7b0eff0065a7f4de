const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Formats epoch milliseconds in the reader's time zone with the spec's pattern letters:
 * yyyy, MM, dd, HH (24 h), hh (also 24 h: the spec's listings read as a 24-hour clock), mm, ss.
 */
export function formatDate(epochMs: number, pattern = 'yyyy-MM-dd HH:mm:ss'): string {
  const d = new Date(epochMs);
  const parts: Record<string, string> = {
    yyyy: String(d.getFullYear()),
    MM: pad(d.getMonth() + 1),
    dd: pad(d.getDate()),
    HH: pad(d.getHours()),
    hh: pad(d.getHours()),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|hh|mm|ss/g, (token) => parts[token] ?? token);
}
