import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import { announceDueMessages } from './inbox.service.ts';

/** How often scheduled messages are checked for being due: the most a scheduled message appears late on open sockets. */
export const ANNOUNCE_MS = 10_000;

/** Scheduled platform messages: announced live once due (a reader sees them as soon as they are due anyway). */
export const inboxJobs: FastifyPluginAsync<{ db: Db; config: Pick<Config, 'jobs'> }> = async (app, { db, config }) => {
  if (!config.jobs) return;
  every(app, 'inbox.announce', ANNOUNCE_MS, () => announceDueMessages(db), { atStart: true });
};
