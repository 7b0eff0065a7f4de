import { z } from 'zod';

/** Page query shared by every paged list: pages count from 1. */
export const pageQuerySchema = z.object({
  /** Page number, from 1. */
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Rows per page. */
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  content: T[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
}

/** Schema of a page of rows, for OpenAPI. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    content: z.array(row),
    pageNo: z.number(),
    pageSize: z.number(),
    totalPages: z.number(),
    totalElements: z.number(),
  });
}

/**
 * Clamps a requested page to 1..pageCount and lists the page numbers a pager shows: `range` pages
 * around the current one plus `margin` pages at each end, with null marking a gap.
 */
export function pagerItems(current: number, pageCount: number, range = 3, margin = 1): { page: number; items: (number | null)[] } {
  const count = Math.max(1, Math.floor(pageCount));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), count);
  const shown = new Set<number>();
  for (let i = 1; i <= Math.min(margin, count); i++) shown.add(i);
  for (let i = Math.max(1, count - margin + 1); i <= count; i++) shown.add(i);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(count, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let i = start; i <= end; i++) shown.add(i);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const n of sorted) {
    const last = items[items.length - 1];
    if (typeof last === 'number' && n - last > 1) items.push(null);
    items.push(n);
  }
  return { page, items };
}
