import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Sets of members as bitmaps, for distinct counts over a span of days that are sums, not scans: a
 * member id is bit `id % MEMBER_CHUNK` of chunk `id / MEMBER_CHUNK`, a day's set is a row per chunk
 * with any member, and the members of a span are `sum(bit_count(bit_or(bits)))` grouped by chunk,
 * each counted once. Used by the team overview (decision 0036) and the reports (decision 0046).
 */
export const MEMBER_CHUNK = 4096;

/** A column of one chunk's bitmap (`bit(4096)`). */
export const memberBits = customType<{ data: string; driverData: string }>({ dataType: () => `bit(${MEMBER_CHUNK})` });

/** The empty bitmap. */
export const noMembers = sql.raw(`b'0'::bit(${MEMBER_CHUNK})`);

/** The chunk of a member id expression. */
export const chunkOf = (memberId: SQL) => sql`${memberId} / ${sql.raw(String(MEMBER_CHUNK))}`;

/** The bitmap of a member id expression alone, or no member when `flag` (if given) does not hold. */
export function memberBit(memberId: SQL, flag?: SQL): SQL {
  const bit = sql`set_bit(${noMembers}, (${memberId} % ${sql.raw(String(MEMBER_CHUNK))})::int, 1)`;
  return flag ? sql`case when ${flag} then ${bit} else ${noMembers} end` : bit;
}
