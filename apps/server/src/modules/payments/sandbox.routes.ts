import formbody from '@fastify/formbody';
import { apiPaths, formatMoney } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml } from '../../platform/http.ts';
import { depositByProviderRef } from './payments.repository.ts';
import type { SandboxProvider } from './sandbox.provider.ts';

const idParams = z.object({ id: z.string().regex(/^SBX[0-9A-F]{20}$/, 'validation.invalid') });

/**
 * The sandbox provider's hosted page: what the player's bank app or phone would show. A person
 * approves, declines or lets the charge expire; the provider then calls our webhook.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ db: Db; sandbox: SandboxProvider }> = async (app, { db, sandbox }) => {
  await app.register(formbody);

  app.get(apiPaths.sandboxPay, { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const charge = await sandbox.charge(request.params.id);
    if (charge?.kind !== 'charge') throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
    const deposit = await depositByProviderRef(db, sandbox.code, charge.id);
    const amount = escapeHtml(formatMoney(charge.amount, charge.currency, 'en'));
    const pix = charge.method === 'pix' && deposit?.payCode;
    const qr = pix ? await QRCode.toString(deposit.payCode, { type: 'svg', margin: 1, width: 220 }) : '';
    const what =
      charge.method === 'pix'
        ? `<p>PIX charge. Scan the QR code or paste the code in your bank app:</p>${qr}<textarea readonly rows="4">${escapeHtml(deposit?.payCode ?? '')}</textarea>`
        : `<p>Mobile-money request pushed to <b>${escapeHtml(charge.payer)}</b>. Confirm it with your PIN:</p>`;
    const actions =
      charge.status === 'pending'
        ? ['approve', 'decline', 'expire']
            .map(
              (a) =>
                `<form method="post" action="/sandbox/pay/${charge.id}/${a}"><button name="do" value="${a}" data-action="${a}">${a}</button></form>`,
            )
            .join('')
        : `<p>This charge is <b data-status="${escapeHtml(charge.status)}">${escapeHtml(charge.status)}</b>. You can close this page.</p>`;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment ${escapeHtml(charge.id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
textarea{width:100%;font-family:monospace;font-size:.8rem}form{display:inline-block;margin:.5rem .5rem 0 0}
button{font-size:1rem;padding:.5rem 1rem;text-transform:capitalize;cursor:pointer}.note{color:#666;font-size:.85rem}</style></head>
<body><h1>Sandbox payment</h1><p class="note">A test provider: no real money moves.</p>
<p>Amount: <b>${amount}</b><br>Reference: ${escapeHtml(charge.merchantReference)}<br>Expires: ${charge.expiresAt.toISOString()}</p>
${what}${actions}</body></html>`;
  });

  app.post(
    apiPaths.sandboxPayAction,
    { schema: { hide: true, params: idParams.extend({ action: z.enum(['approve', 'decline', 'expire']) }) } },
    async (request, reply) => {
      const charge = await sandbox.settle(request.params.id, request.params.action);
      if (!charge) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
      return reply.redirect(`/sandbox/pay/${charge.id}`, 303);
    },
  );
};
