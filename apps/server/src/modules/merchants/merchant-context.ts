import type { Location } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors.ts';
import { locate } from '../../platform/geo.ts';
import { isInMaintenance, type Merchant, type MerchantDirectory } from './merchants.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant;
    /** Language of the reader: the Language header when given, else the merchant's first. */
    lang: string;
    location: Location;
  }
  interface FastifyContextConfig {
    /** Still served while the merchant is in maintenance or the visitor's region is restricted. */
    openDuringMaintenance?: boolean;
  }
}

/** Picks the reader's language code from the Language header, else the merchant's default. */
function readerLanguage(request: FastifyRequest, merchant: Merchant): string {
  const header = request.headers.language;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  if (value && /^[A-Z]{2,3}(-[A-Z]{2})?$/.test(value)) return value;
  return merchant.langList[0] ?? 'EN';
}

export function isRegionRestricted(merchant: Merchant, location: Location): boolean {
  return location.countryCode !== '' && merchant.restrictedCountries.includes(location.countryCode);
}

/** Refuses business with a merchant in maintenance, or with a visitor from a country it restricts. */
export function assertMerchantOpen(merchant: Merchant, location: Location): void {
  if (isInMaintenance(merchant)) throw new AppError('APP_ERR_SYSTEM_MAINTENANCE');
  if (isRegionRestricted(merchant, location)) throw new AppError('APP_ERR_REGION_RESTRICTED');
}

/**
 * Whether a request is a call of the merchant's site API. Judged by the route it reached, not by
 * its raw URL: the router decodes the path, so `/%77ps/...` reaches a `/wps/...` route and must be
 * treated as one. Unmatched requests are judged by their decoded path.
 */
function isSiteApi(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return path.startsWith('/wps/') || path.startsWith('/lgw/');
}

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Resolves the merchant, language and location of every API request under /wps and /lgw, and
 * refuses the merchant's business calls while it is in maintenance or the visitor is restricted.
 * Game routes act on the merchant of their launch token, whatever the request names: they add
 * `launchMerchantGate` so that merchant's state is the one enforced.
 */
export const merchantContext = fp(async (app: FastifyInstance, opts: { directory: MerchantDirectory }) => {
  app.decorateRequest('merchant', null as unknown as Merchant);
  app.decorateRequest('lang', '');
  app.decorateRequest('location', null as unknown as Location);
  const settle = (request: FastifyRequest, merchant: Merchant) => {
    request.merchant = merchant;
    request.lang = readerLanguage(request, merchant);
    request.location = locate(request.ip);
    if (request.routeOptions.config?.openDuringMaintenance) return;
    assertMerchantOpen(merchant, request.location);
  };
  // Callback style, resolving synchronously from the fresh cache: this hook runs on every API call.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isSiteApi(request)) return done();
    const header = request.headers.merchant;
    const code = Array.isArray(header) ? header[0] : header;
    try {
      const cached = opts.directory.resolveCached(request.host, code);
      if (cached) {
        settle(request, cached);
        return done();
      }
    } catch (err) {
      return done(err as Error);
    }
    opts.directory.resolve(request.host, code).then(
      (merchant) => {
        try {
          settle(request, merchant);
          done();
        } catch (err) {
          done(err as Error);
        }
      },
      (err: Error) => done(err),
    );
  });
});

/**
 * A preHandler for routes that act on a launch token's merchant (in-house games, crash): the request
 * becomes that merchant's, and its state is enforced, so another merchant's header or host cannot
 * reach play on a merchant in maintenance. `merchantOf` answers the token's merchant id, or
 * undefined when the request carries no token (demo play) or an unknown one (the route refuses it).
 */
export function launchMerchantGate(
  directory: MerchantDirectory,
  merchantOf: (request: FastifyRequest) => Promise<number | undefined>,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const id = await merchantOf(request);
    if (id === undefined) return;
    const merchant = await directory.byId(id);
    request.merchant = merchant;
    if (!request.routeOptions.config?.openDuringMaintenance) assertMerchantOpen(merchant, request.location);
  };
}
