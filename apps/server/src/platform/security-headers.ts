import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** HSTS for a year on the exact host; not its subdomains, which a merchant's domain may serve elsewhere without TLS. */
export const hstsValue = 'max-age=31536000';

/**
 * `'sha256-…'` sources of the inline scripts of the built site's pages (the theme painter of
 * index.html runs before the bundle), so the policy allows exactly them and no other inline script.
 */
export function inlineScriptHashes(siteDir: string | undefined): string[] {
  if (!siteDir) return [];
  const hashes = new Set<string>();
  for (const page of ['index.html', 'register.html']) {
    const file = join(siteDir, page);
    if (!existsSync(file)) continue;
    for (const [, attrs, body] of readFileSync(file, 'utf8').matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\ssrc=/.test(attrs ?? '') || !body?.trim()) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * Security headers on every answer (decision 0014): a Content-Security-Policy the site, the game
 * frame and the API docs pass, framing by our own pages only, no MIME sniffing, a strict referrer
 * policy, and HSTS only on requests that came over TLS (directly or as the trusted proxy says).
 */
export async function securityHeaders(app: FastifyInstance, opts: { siteDir: string | undefined }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(opts.siteDir)],
        scriptSrcAttr: ["'none'"],
        // React and Swagger UI set style attributes; styles cannot run code, so inline ones are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for QR codes, the captcha and inlined assets; https: for operators' banner and game art hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers ws:/wss: to the same host (balance, crash and lottery sockets).
        connectSrc: ["'self'"],
        // Games open in our /game frame: our in-house client, or a provider's page on its own https host.
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Framing by our own pages only, for browsers that read the older header.
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Hosted payment pages may be opened in a window that reports back; keep that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
    done();
  });
}
