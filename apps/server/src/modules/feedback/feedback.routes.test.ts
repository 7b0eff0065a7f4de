import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { newPlayer, type Player } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { feedback } from './feedback.tables.ts';

let sut: TestApp;
let owner: TestOperator;
let brazilSupport: TestOperator;
beforeAll(async () => {
  sut = await buildTestApp();
  owner = await makeOperator(sut.database.db, { account: 'fb-owner', role: 'owner' });
  brazilSupport = await makeOperator(sut.database.db, { account: 'fb-support', role: 'support', merchants: ['BRAZIL'] });
});
afterAll(() => sut.close());

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A multipart body of a content field and image files. */
function form(content: string | undefined, files: { bytes: Buffer; name: string }[] = []) {
  const boundary = `----fb${Date.now()}`;
  const parts: Buffer[] = [];
  if (content !== undefined)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (p: Player, content: string | undefined, files: { bytes: Buffer; name: string }[] = [], language = 'EN') => {
  const body = form(content, files);
  return sut.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    headers: { ...p.headers, ...body.headers, language },
    payload: body.payload,
  });
};
const admin = (op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  sut.app.inject({ method, url, headers: { authorization: `Bearer ${op.key}` }, payload });
const stored = async () => (await sut.database.db.select().from(feedback)).length;

describe('feedback', () => {
  it('is stored with its images, listed to operators of its merchant, and answered as a platform message', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const res = await send(p, 'The <b>deposit</b> page is slow <script>x()</script>', [{ bytes: png, name: 'shot.png' }]);
    expect(res.statusCode).toBe(200);
    const id = res.json().value.id;

    const list = (await admin(brazilSupport, 'GET', '/admin/v1/feedback?merchant=BRAZIL&answered=0')).json().value;
    const mine = list.content.find((f: { id: number }) => f.id === id);
    expect(mine).toMatchObject({
      merchant: 'BRAZIL',
      account: p.account,
      content: 'The <b>deposit</b> page is slow <script>x()</script>',
      images: 1,
    });
    const image = await admin(brazilSupport, 'GET', `/admin/v1/feedback/${id}/images/0`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);

    expect((await admin(brazilSupport, 'POST', `/admin/v1/feedback/${id}/answer`, { answer: 'Thanks, fixed today.' })).statusCode).toBe(
      200,
    );
    const again = await admin(owner, 'POST', `/admin/v1/feedback/${id}/answer`, { answer: 'Twice' });
    expect(again.statusCode).toBe(400);
    expect(again.json().value.fields).toEqual([{ field: 'answer', message: 'validation.already_answered' }]);

    const inbox = (await p.call('GET', '/wps/messages')).json().value.content;
    const reply = inbox.filter((m: { kind: string }) => m.kind === 'system');
    expect(reply).toHaveLength(1);
    expect(reply[0].title).toBe('Reply to your feedback');
    expect(reply[0].content).toContain('Thanks, fixed today.');
    expect(reply[0].content).toContain('<script>x()</script>');
  });

  it('counts Chinese words without spaces', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    expect((await send(p, '存款页面很慢', [], 'CN')).statusCode).toBe(200);
  });

  it.each([
    ['empty', '   ', 'content', 'error.input_empty'],
    ['over 140 characters', 'word '.repeat(29).concat('x'.repeat(20)), 'content', 'error.content_limit'],
    ['one word', 'Hello', 'content', 'validation.word_range'],
    ['of too many words', 'a '.repeat(41), 'content', 'validation.word_range'],
  ])('refuses content %s at its field, with the word bounds, and stores nothing', async (_label, content, field, message) => {
    const p = await newPlayer(sut.app, sut.database.db);
    const before = await stored();
    const res = await send(p, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toContainEqual({ field, message, params: { min: 2, max: 40 } });
    expect(await stored()).toBe(before);
  });

  it('refuses a wrong image type, too many images and an oversize image, storing nothing', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const before = await stored();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const disguised = await send(p, 'Look at this please', [{ bytes: gif, name: 'x.png' }]);
    expect(disguised.json().value.fields).toEqual([{ field: 'images', message: 'validation.image_type' }]);
    // Each problem carries its own bounds: the images' {max} is not the word range's.
    const four = await send(
      p,
      'Look at these please',
      [0, 1, 2, 3].map((i) => ({ bytes: png, name: `${i}.png` })),
    );
    expect(four.json().value.fields).toEqual([{ field: 'images', message: 'validation.too_many_images', params: { max: 3 } }]);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const oversize = await send(p, 'Look at this please', [{ bytes: big, name: 'big.png' }]);
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().value.fields).toEqual([{ field: 'images', message: 'validation.image_too_big', params: { max: 5 } }]);
    expect(await stored()).toBe(before);
  });

  it('keeps operators to their merchants and players to a few per hour', async () => {
    const uemoa = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const id = (await send(uemoa, 'Orange Money works well', [], 'FR')).json().value.id;
    expect((await admin(brazilSupport, 'POST', `/admin/v1/feedback/${id}/answer`, { answer: 'Merci' })).statusCode).toBe(403);
    expect((await admin(brazilSupport, 'GET', `/admin/v1/feedback/${id}/images/0`)).statusCode).toBe(403);
    expect((await admin(brazilSupport, 'GET', '/admin/v1/feedback?merchant=UEMOA')).statusCode).toBe(403);
    const seen = (await admin(brazilSupport, 'GET', '/admin/v1/feedback')).json().value.content;
    expect(seen.every((f: { merchant: string }) => f.merchant === 'BRAZIL')).toBe(true);
    expect((await sut.app.inject({ method: 'PUT', url: '/wps/feedback' })).statusCode).toBe(401);

    const p = await newPlayer(sut.app, sut.database.db);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await send(p, `Idea number ${i} here`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
