/** The server pages by at most this many rows: a bigger table page (or the CSV export's 500) is read in chunks. */
const serverPageMax = 100;

/** Reads `pageSize` rows of page `page` (0-based) from a paged endpoint that answers at most 100 per call. */
export async function readPage<T>(
  page: number,
  pageSize: number,
  fetchPage: (pageNo: number, size: number) => Promise<{ content: T[]; totalElements: number }>,
): Promise<{ rows: T[]; total: number }> {
  const size = Math.min(pageSize, serverPageMax);
  const perPage = Math.ceil(pageSize / size);
  const rows: T[] = [];
  let total = 0;
  for (let i = 0; i < perPage; i++) {
    const answer = await fetchPage(page * perPage + i + 1, size);
    rows.push(...answer.content);
    total = answer.totalElements;
    if (answer.content.length < size) break;
  }
  return { rows, total };
}
