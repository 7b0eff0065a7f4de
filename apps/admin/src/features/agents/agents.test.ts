import { billStatuses, contractKinds, contractStatuses } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import { readPage } from './paging.ts';
import { agentTexts } from './texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

describe('the Agents screen', () => {
  it('has every English text in PT and FR, each translated with the same placeholders', () => {
    const en = agentTexts.EN as Record<string, string>;
    for (const other of [agentTexts.PT, agentTexts.FR] as Record<string, string>[]) {
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(other[key]?.trim(), key).not.toBe('');
        expect(placeholders(other[key] ?? ''), key).toEqual(placeholders(text));
      }
    }
  });

  it('has a text for every contract kind and state, contract event and bill state the API answers', () => {
    for (const k of contractKinds) expect(agentTexts.EN).toHaveProperty(`kind_${k}`);
    for (const s of contractStatuses) expect(agentTexts.EN).toHaveProperty(`status_${s}`);
    for (const s of billStatuses) expect(agentTexts.EN).toHaveProperty(`billStatus_${s}`);
    const events = [
      'granted',
      'offered',
      'signed',
      'rejected',
      'withdrawn',
      'termination_requested',
      'terminated',
      'superseded',
      'auto_terminated',
    ];
    for (const e of events) expect(agentTexts.EN).toHaveProperty(`event_${e}`);
  });

  it('reads a table page bigger than the server pages in chunks of 100, and stops at the last row', async () => {
    const all = Array.from({ length: 730 }, (_, i) => i);
    const asked: [number, number][] = [];
    const fetchPage = async (pageNo: number, size: number) => {
      asked.push([pageNo, size]);
      return { content: all.slice((pageNo - 1) * size, pageNo * size), totalElements: all.length };
    };
    const second = await readPage(1, 500, fetchPage);
    expect(second.rows).toEqual(all.slice(500, 730));
    expect(second.total).toBe(730);
    expect(asked).toEqual([
      [6, 100],
      [7, 100],
      [8, 100],
    ]);
    asked.length = 0;
    expect((await readPage(2, 25, fetchPage)).rows).toEqual(all.slice(50, 75));
    expect(asked).toEqual([[3, 25]]);
  });
});
