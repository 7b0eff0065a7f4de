import {
  type AdminVerification,
  type DocumentKind,
  requiredDocumentKinds,
  type Verification,
  type VerificationDecisionBody,
  type VerificationDocument,
  type VerificationQueueQuery,
  type VerificationStatus,
} from '@platform/contract';
import { throttle } from '../../platform/attempts.ts';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { imageType, MAX_IMAGE_BYTES } from '../feedback/feedback.service.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import { accountsOf, memberById } from '../members/members.service.ts';
import type { Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import type { ActingOperator } from '../operators/operators.service.ts';
import {
  type DocumentRow,
  documentsOf,
  documentsOfMany,
  findDocumentFile,
  findVerification,
  findVerificationPage,
  isVerified,
  replaceDocument,
  type VerificationRow,
  writeVerification,
} from './verification.repository.ts';

// Identity verification (KYC, issue 18 item 5): documents uploaded by the player, sent for review,
// approved or rejected by an operator of the member's merchant; a market with `kycBeforeWithdrawal`
// refuses withdrawals until the member is verified.

const HOUR_MS = 3_600_000;
/** Uploads a player may make per hour: a few retakes of each document, too few to fill the disk. */
const UPLOADS_PER_HOUR = 20;

type Member = { id: number; merchantId: number };

function documentView(d: DocumentRow): VerificationDocument {
  return { id: d.id, kind: d.kind as DocumentKind, contentType: d.contentType, size: d.size, createdAt: d.createdAt.getTime() };
}

function stateOf(row: VerificationRow | undefined) {
  return {
    status: (row?.status ?? 'none') as VerificationStatus,
    reason: row?.reason ?? null,
    submittedAt: row?.submittedAt?.getTime() ?? null,
    reviewedAt: row?.reviewedAt?.getTime() ?? null,
  };
}

/** GET /wps/member/verification: my state, the rejection's reason, my documents and whether withdrawals need it. */
export async function myVerification(db: Db, merchant: Merchant, member: Member): Promise<Verification> {
  const [row, documents] = await Promise.all([findVerification(db, member.id), documentsOf(db, member.id)]);
  return { ...stateOf(row), requiredForWithdrawal: merchant.market.kycBeforeWithdrawal, documents: documents.map(documentView) };
}

/** A document may change only while nothing waits for review and nothing was approved. */
function refuseLocked(row: VerificationRow | undefined) {
  if (row && (row.status === 'pending' || row.status === 'approved'))
    throw new AppError('APP_ERR_KYC_STATE', undefined, { status: row.status });
}

/** Stores one document (png or jpg by its first bytes, at most 5 MB), replacing my earlier one of its kind. */
export async function uploadDocument(db: Db, member: Member, kind: DocumentKind, bytes: Buffer, now = new Date()) {
  const contentType = imageType(bytes);
  if (!contentType) failField('image', 'validation.image_type');
  if (bytes.length > MAX_IMAGE_BYTES) failField('image', 'validation.image_too_big', { max: MAX_IMAGE_BYTES / 1024 / 1024 });
  await throttle(db, `kyc-upload:member:${member.id}`, { windowMs: HOUR_MS, limit: UPLOADS_PER_HOUR }, now);
  const row = await inTransaction(db, async (tx) => {
    refuseLocked(await findVerification(tx, member.id, true));
    return replaceDocument(tx, { memberId: member.id, kind, contentType, size: bytes.length, createdAt: now }, bytes);
  });
  return documentView(row);
}

/** Sends my documents for review: the ID's two sides and a selfie must be there; each missing one is told at its field. */
export async function submitVerification(db: Db, merchant: Merchant, member: Member, now = new Date()): Promise<Verification> {
  await inTransaction(db, async (tx) => {
    const row = await findVerification(tx, member.id, true);
    refuseLocked(row);
    const kinds = new Set((await documentsOf(tx, member.id)).map((d) => d.kind));
    const missing = requiredDocumentKinds.filter((k) => !kinds.has(k));
    if (missing.length > 0)
      throw new AppError(
        'APP_ERR_VALIDATION',
        missing.map((field) => ({ field, message: 'validation.required' })),
      );
    await writeVerification(tx, { memberId: member.id, merchantId: member.merchantId, status: 'pending', submittedAt: now });
  });
  return myVerification(db, merchant, member);
}

/** My own document's bytes (another member's is not found). */
export async function myDocument(db: Db, member: Member, id: number) {
  const found = await findDocumentFile(db, member.id, id);
  if (!found) throw new AppError('APP_ERR_NOT_FOUND');
  return found;
}

/**
 * The withdrawal's rule: where the merchant's market asks for it, a member whose identity is not
 * verified is refused (403 APP_ERR_KYC_REQUIRED with the state). Called by the withdrawal request.
 */
export async function refuseUnverifiedWithdrawal(db: Db, merchant: Merchant, memberId: number): Promise<void> {
  if (!merchant.market.kycBeforeWithdrawal) return;
  if (await isVerified(db, memberId)) return;
  const row = await findVerification(db, memberId);
  throw new AppError('APP_ERR_KYC_REQUIRED', undefined, { status: row?.status ?? 'none' });
}

// Operators

/** The merchant of a member, for the admin routes' scope check (null when there is none). */
export async function merchantOfMember(db: Db, memberId: number): Promise<{ id: number | null }> {
  return { id: (await memberById(db, memberId))?.merchantId ?? null };
}

async function codesOf(directory: MerchantDirectory) {
  return new Map((await directory.list()).map((m) => [m.id, m.code]));
}

function adminView(row: VerificationRow, account: string, merchant: string, documents: DocumentRow[]): AdminVerification {
  return {
    ...stateOf(row),
    memberId: row.memberId,
    merchant,
    account,
    reviewedBy: row.reviewedBy,
    documents: documents.map(documentView),
  };
}

/** The queue: verifications in a state within the operator's merchants (pending oldest first). */
export async function verificationPage(db: Db, directory: MerchantDirectory, scope: number[] | undefined, q: VerificationQueueQuery) {
  const codes = await codesOf(directory);
  const merchantId = q.merchant ? ([...codes].find(([, code]) => code === q.merchant?.toUpperCase())?.[0] ?? 0) : undefined;
  const { rows, total } = await findVerificationPage(db, scope, { ...q, merchantId });
  const ids = rows.map((r) => r.memberId);
  const [documents, accounts] = await Promise.all([documentsOfMany(db, ids), accountsOf(db, ids)]);
  return {
    content: rows.map((r) =>
      adminView(
        r,
        accounts.get(r.memberId) ?? '',
        codes.get(r.merchantId) ?? '',
        documents.filter((d) => d.memberId === r.memberId),
      ),
    ),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

/** One member's verification with its documents (a member that never sent any is not found). */
export async function memberVerification(db: Db, directory: MerchantDirectory, memberId: number): Promise<AdminVerification> {
  const [row, member, documents] = await Promise.all([findVerification(db, memberId), memberById(db, memberId), documentsOf(db, memberId)]);
  if (!row || !member) throw new AppError('APP_ERR_NOT_FOUND');
  return adminView(row, member.account, (await codesOf(directory)).get(row.merchantId) ?? '', documents);
}

export async function memberDocument(db: Db, memberId: number, id: number) {
  const found = await findDocumentFile(db, memberId, id);
  if (!found) throw new AppError('APP_ERR_NOT_FOUND');
  return found;
}

const decidedMessages = {
  approve: {
    title: {
      EN: 'Identity verified',
      PT: 'Identidade verificada',
      FR: 'Identité vérifiée',
      CN: '身份已验证',
      VI: 'Danh tính đã được xác minh',
      ID: 'Identitas terverifikasi',
    },
    content: {
      EN: 'Your documents were approved: your identity is verified.',
      PT: 'Seus documentos foram aprovados: sua identidade está verificada.',
      FR: 'Vos documents ont été approuvés : votre identité est vérifiée.',
      CN: '您的证件已通过审核：身份已验证。',
      VI: 'Giấy tờ của bạn đã được duyệt: danh tính của bạn đã được xác minh.',
      ID: 'Dokumen Anda disetujui: identitas Anda terverifikasi.',
    },
  },
  reject: (reason: string) => ({
    title: {
      EN: 'Identity verification refused',
      PT: 'Verificação de identidade recusada',
      FR: 'Vérification d’identité refusée',
      CN: '身份验证未通过',
      VI: 'Xác minh danh tính bị từ chối',
      ID: 'Verifikasi identitas ditolak',
    },
    content: {
      EN: `Your documents were refused: ${reason}. You can send new ones from the security centre.`,
      PT: `Seus documentos foram recusados: ${reason}. Você pode enviar novos na central de segurança.`,
      FR: `Vos documents ont été refusés : ${reason}. Vous pouvez en envoyer de nouveaux depuis le centre de sécurité.`,
      CN: `您的证件未通过审核：${reason}。您可以在安全中心重新上传。`,
      VI: `Giấy tờ của bạn bị từ chối: ${reason}. Bạn có thể gửi lại trong trung tâm bảo mật.`,
      ID: `Dokumen Anda ditolak: ${reason}. Anda dapat mengirim yang baru dari pusat keamanan.`,
    },
  }),
};

/**
 * An operator approves or rejects (with a reason) a pending verification: the state, the player's
 * message and the audit line in one transaction; a verification not pending is refused (409).
 */
export async function decideVerification(
  db: Db,
  directory: MerchantDirectory,
  op: ActingOperator,
  memberId: number,
  body: VerificationDecisionBody,
  now = new Date(),
): Promise<AdminVerification> {
  await inTransaction(db, async (tx) => {
    const row = await findVerification(tx, memberId, true);
    if (!row) throw new AppError('APP_ERR_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('APP_ERR_KYC_STATE', undefined, { status: row.status });
    const approve = body.decision === 'approve';
    await writeVerification(tx, {
      ...row,
      status: approve ? 'approved' : 'rejected',
      reason: approve ? null : body.reason,
      reviewedBy: op.account,
      reviewedAt: now,
    });
    const message = approve ? decidedMessages.approve : decidedMessages.reject(body.reason);
    await sendSystemMessage(
      tx,
      {
        member: { id: memberId, merchantId: row.merchantId },
        ...message,
        from: 'verification',
        dedupeKey: `kyc:${memberId}:${now.getTime()}`,
      },
      now,
    );
    await appendAudit(tx, {
      operator: op.account,
      action: approve ? 'verification.approve' : 'verification.reject',
      merchantId: row.merchantId,
      target: `member:${memberId}`,
      reason: body.reason,
      details: { submittedAt: row.submittedAt?.toISOString() ?? null },
    });
  });
  return memberVerification(db, directory, memberId);
}
