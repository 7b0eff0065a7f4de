import {
  FEEDBACK_MAX_IMAGE_MB,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MAX_WORDS,
  FEEDBACK_MIN_WORDS,
  type Feedback,
  type FieldError,
  feedbackProblem,
} from '@platform/contract';
import { throttle } from '../../platform/attempts.ts';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import { accountsOf } from '../members/members.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import {
  type FeedbackRow,
  findFeedback,
  findFeedbackPage,
  findImage,
  imageCounts,
  insertFeedback,
  setAnswer,
} from './feedback.repository.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
export const MAX_IMAGE_BYTES = FEEDBACK_MAX_IMAGE_MB * 1024 * 1024;
const HOUR_MS = 3_600_000;
/** Feedback a player may send per hour: enough for a real conversation, too few to flood the operators. */
const PER_HOUR = 5;

/** png or jpg by the file's first bytes (never by its name or declared type). */
export function imageType(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, 3).equals(JPEG)) return 'image/jpeg';
  return undefined;
}

/** PUT /wps/feedback: the content within the spec's bounds, up to 3 png/jpg images of 5 MB; refused whole, at its field, otherwise. */
export async function submitFeedback(
  db: Db,
  member: { id: number; merchantId: number },
  language: string,
  content: string,
  images: Buffer[],
  now = new Date(),
): Promise<number> {
  const fields: FieldError[] = [];
  const problem = feedbackProblem(content, language);
  // Each field error carries its own bounds: the word range's {min, max} is not the images' {max}.
  if (problem) fields.push(fieldError('content', problem, { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS }));
  if (images.length > FEEDBACK_MAX_IMAGES) fields.push(fieldError('images', 'validation.too_many_images', { max: FEEDBACK_MAX_IMAGES }));
  const typed = images.map((bytes) => ({ bytes, contentType: imageType(bytes) }));
  if (typed.some((i) => !i.contentType)) fields.push(fieldError('images', 'validation.image_type'));
  else if (typed.some((i) => i.bytes.length > MAX_IMAGE_BYTES))
    fields.push(fieldError('images', 'validation.image_too_big', { max: FEEDBACK_MAX_IMAGE_MB }));
  if (fields.length > 0) throw new AppError('APP_ERR_VALIDATION', fields);
  await throttle(db, `feedback:member:${member.id}`, { windowMs: HOUR_MS, limit: PER_HOUR }, now);
  const row = await inTransaction(db, (tx) =>
    insertFeedback(
      tx,
      { merchantId: member.merchantId, memberId: member.id, content: content.trim(), language, createdAt: now },
      typed.map((i) => ({ bytes: i.bytes, contentType: i.contentType ?? 'image/png' })),
    ),
  );
  return row.id;
}

function view(row: FeedbackRow, merchant: string, account: string, images: number): Feedback {
  return {
    id: row.id,
    merchant,
    account,
    content: row.content,
    images,
    createdAt: row.createdAt.getTime(),
    answer: row.answer,
    answeredBy: row.answeredBy,
    answeredAt: row.answeredAt?.getTime() ?? null,
  };
}

/** Feedback for operators, newest first: only that of the merchants in their scope (undefined: every merchant). */
export async function feedbackPage(
  db: Db,
  directory: MerchantDirectory,
  scope: number[] | undefined,
  q: { pageNo: number; pageSize: number; merchant?: string; answered?: '0' | '1' },
) {
  const merchants = await directory.list();
  const merchantId = q.merchant ? (merchants.find((m) => m.code === q.merchant?.toUpperCase())?.id ?? 0) : undefined;
  const { rows, total } = await findFeedbackPage(db, scope, {
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    merchantId,
    answered: q.answered === undefined ? undefined : q.answered === '1',
  });
  const [accounts, images] = await Promise.all([
    accountsOf(
      db,
      rows.map((r) => r.memberId),
    ),
    imageCounts(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const code = new Map(merchants.map((m) => [m.id, m.code]));
  return {
    content: rows.map((r) => view(r, code.get(r.merchantId) ?? '', accounts.get(r.memberId) ?? '', images.get(r.id) ?? 0)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

/** The merchant of a feedback (null when there is none), for the admin routes' scope check. */
export async function merchantOfFeedback(db: Db, id: number): Promise<{ id: number | null }> {
  return { id: (await findFeedback(db, id))?.merchantId ?? null };
}

export async function feedbackImage(db: Db, id: number, n: number) {
  const image = await findImage(db, id, n);
  if (!image) throw new AppError('APP_ERR_NOT_FOUND');
  return image;
}

const replyTitle = {
  EN: 'Reply to your feedback',
  PT: 'Resposta ao seu feedback',
  FR: 'Réponse à votre avis',
  CN: '对您反馈的回复',
  VI: 'Phản hồi cho góp ý của bạn',
  ID: 'Balasan untuk masukan Anda',
};
const youWrote = { EN: 'You wrote', PT: 'Você escreveu', FR: 'Vous avez écrit', CN: '您的反馈', VI: 'Bạn đã viết', ID: 'Anda menulis' };

/**
 * An operator's answer: stored once (a second answer is refused), audited, and sent to the player as
 * a platform message in the same transaction, quoting what they wrote.
 */
export async function answerFeedback(db: Db, operator: string, id: number, answer: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await findFeedback(tx, id, true);
    if (!row) throw new AppError('APP_ERR_NOT_FOUND');
    if (row.answeredAt) throw new AppError('APP_ERR_VALIDATION', [{ field: 'answer', message: 'validation.already_answered' }]);
    await setAnswer(tx, id, answer, operator, now);
    const content = Object.fromEntries(Object.entries(youWrote).map(([lang, label]) => [lang, `${answer}\n\n${label}: “${row.content}”`]));
    await sendSystemMessage(
      tx,
      {
        member: { id: row.memberId, merchantId: row.merchantId },
        title: replyTitle,
        content,
        from: 'feedback',
        dedupeKey: `feedback-answer:${id}`,
      },
      now,
    );
    await appendAudit(tx, {
      operator,
      action: 'feedback.answer',
      merchantId: row.merchantId,
      target: `feedback:${id}`,
      reason: '',
      details: {},
    });
  });
}
