import {
  apiPaths,
  countryCodeSchema,
  envelopeOf,
  merchantEntrySchema,
  permissionQuerySchema,
  permissionSchema,
  registerRuleSchema,
  systemStatusSchema,
  whitelabelNodeSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { toMerchantEntry } from '../merchants/merchants.service.ts';
import { listCountryCodes, permissionJson, systemStatus } from './system.service.ts';

const open = { openDuringMaintenance: true };
const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<{ directory: MerchantDirectory }> = async (app, { directory }) => {
  app.get(
    apiPaths.systemStatus,
    {
      config: open,
      schema: {
        tags,
        summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
        response: { 200: envelopeOf(systemStatusSchema) },
      },
    },
    async (request) => ok(systemStatus(request.merchant, request.location)),
  );

  app.get(
    apiPaths.permission,
    {
      config: open,
      schema: {
        tags,
        summary: "The merchant's white-label configuration, the visitor's location and the system flags",
        querystring: permissionQuerySchema,
        response: { 200: envelopeOf(permissionSchema) },
      },
    },
    async (request, reply) => {
      const merchant =
        request.query.host && !request.headers.merchant ? await directory.resolve(request.query.host, undefined) : request.merchant;
      // Already JSON text (see permissionJson); the schema above documents its shape.
      return reply.type('application/json; charset=utf-8').send(permissionJson(merchant, request.location) as never);
    },
  );

  app.get(
    apiPaths.whitelabel,
    { config: open, schema: { tags, summary: 'The feature-switch tree', response: { 200: envelopeOf(z.array(whitelabelNodeSchema)) } } },
    async (request) => ok(request.merchant.whitelabel),
  );

  app.get(
    apiPaths.registerSettings,
    { schema: { tags, summary: 'Registration field rules', response: { 200: envelopeOf(z.array(registerRuleSchema)) } } },
    async (request) => ok(request.merchant.registerRules),
  );

  app.get(
    apiPaths.domainRoute,
    {
      config: open,
      schema: { tags, summary: 'Every region (merchant) with its domains', response: { 200: envelopeOf(z.array(merchantEntrySchema)) } },
    },
    async () => ok((await directory.list()).map(toMerchantEntry)),
  );

  app.get(
    apiPaths.countryCodes,
    {
      config: open,
      schema: { tags, summary: 'Country dialling codes with flags', response: { 200: envelopeOf(z.array(countryCodeSchema)) } },
    },
    async () => ok(listCountryCodes()),
  );
};
