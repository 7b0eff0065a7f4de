import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Database } from './db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one WebSocket hub of this node: modules open their channels on it and publish to them. */
    realtime: RealtimeHub;
  }
}

/** How long a member socket may stay open without logging in. */
const AUTH_TIMEOUT_MS = 10_000;
/** Sockets are pinged this often (proxies drop silent connections) and member sessions checked. */
const PING_MS = 30_000;
/** The largest message a client may send (the login message is far smaller). */
const MAX_PAYLOAD = 4096;

/** The member a socket logged in as. */
export interface SocketMember {
  id: number;
  merchantId: number;
}

/**
 * The sessions the hub authenticates sockets with. The auth module provides them (platform knows no
 * module): a token to its member, and whether the session is still live.
 */
export interface SocketSessions {
  /** The member of a live session's token, with the key its liveness is checked by later; undefined otherwise. */
  open(token: string): Promise<{ member: SocketMember; session: string } | undefined>;
  isLive(session: string): Promise<boolean>;
  /** The database channel on which the id of a member whose session ended is notified (logout, revocation). */
  endedChannel: string;
}

/** How a 'member' socket's token is checked: opened once, then kept only while its session is live. */
export type SocketGate = Pick<SocketSessions, 'open' | 'isLive'>;

export interface ChannelOptions {
  /** Where its sockets open. */
  path: string;
  /**
   * 'public': anyone may listen (crash state, lottery draws). 'member': the socket's first message is
   * `{"token": "..."}` of a live session (browsers cannot set headers on a WebSocket, and a token in
   * the URL would land in access logs); it closes with 4401 when that session ends.
   */
  access: 'public' | 'member';
  /**
   * Who a 'member' socket may be, when not a player: the gate its token is opened and kept live by
   * (operators' sessions for the support console). The channel's `SocketMember.id` is then the gate's
   * own id (an operator's), so `sendTo` on that channel addresses the gate's identities.
   */
  gate?: SocketGate;
  /** The first message a socket gets once it is in (the current state), if any. */
  greet?: (member: SocketMember | undefined) => Promise<unknown>;
}

interface Subscriber {
  socket: WebSocket;
  member?: SocketMember;
  session?: string;
}

interface Channel extends ChannelOptions {
  subscribers: Set<Subscriber>;
  byMember: Map<number, Set<Subscriber>>;
}

/**
 * The node's WebSocket hub: one registration of @fastify/websocket, channels that modules open and
 * publish to, authentication of member sockets by session, and sockets closed when their session ends.
 * A channel's sockets live on one node; what must reach every node travels through the database's
 * NOTIFY (`listen`), so an event published by any node reaches the sockets of all of them.
 */
export class RealtimeHub {
  private readonly channels = new Map<string, Channel>();
  private readonly stops: (() => Promise<void>)[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly database: Database,
    private readonly sessions: SocketSessions,
  ) {}

  /** Opens channel `name` at `options.path`, as a route of the module's `app` (its hooks apply to the upgrade). */
  channel(app: FastifyInstance, name: string, options: ChannelOptions): void {
    if (this.channels.has(name)) throw new Error(`channel ${name} opened twice`);
    const channel: Channel = { ...options, subscribers: new Set(), byMember: new Map() };
    this.channels.set(name, channel);
    app.get(options.path, { websocket: true, schema: { hide: true } }, (socket) => this.accept(channel, socket));
  }

  /** Sends `event` to every socket of the channel on this node. */
  broadcast(name: string, event: unknown): void {
    const channel = this.channels.get(name);
    if (!channel || channel.subscribers.size === 0) return;
    send(channel.subscribers, JSON.stringify(event));
  }

  /** Sends `event` to the member's sockets of the channel on this node. */
  sendTo(name: string, memberId: number, event: unknown): void {
    const subscribers = this.channels.get(name)?.byMember.get(memberId);
    if (subscribers) send(subscribers, JSON.stringify(event));
  }

  /** Whether any socket of the channel is open on this node (publishers skip work nobody would hear). */
  hasSubscribers(name: string): boolean {
    return (this.channels.get(name)?.subscribers.size ?? 0) > 0;
  }

  /** The member, when it has a socket of the channel open on this node. */
  member(name: string, memberId: number): SocketMember | undefined {
    const first = this.channels.get(name)?.byMember.get(memberId)?.values().next().value;
    return first?.member;
  }

  /**
   * Calls `handler` with every NOTIFY on the database channel, whichever node sent it: the fan-out
   * across nodes. Publishers NOTIFY in the transaction of the change, so only committed changes go out.
   */
  async listen(dbChannel: string, handler: (payload: string) => void): Promise<void> {
    this.stops.push(await this.database.listen(dbChannel, handler));
  }

  /** @internal Starts the session checks; called once by the plugin. */
  async start(): Promise<void> {
    await this.listen(this.sessions.endedChannel, (payload) => this.checkSessions(Number(payload)));
    const ping = setInterval(() => {
      for (const channel of this.channels.values()) for (const s of channel.subscribers) s.socket.ping();
      for (const memberId of this.memberIds()) this.checkSessions(memberId);
      for (const channel of this.channels.values())
        if (channel.gate) for (const id of channel.byMember.keys()) this.checkChannel(channel, id);
    }, PING_MS);
    ping.unref();
    this.stops.push(async () => clearInterval(ping));
  }

  /**
   * Closes every socket of this node (1001: the client reconnects, to another node behind the
   * balancer). A node stopping does so first: a socket is no request under way, and nothing a
   * socket carries is lost by closing it.
   */
  closeSockets(): void {
    for (const channel of this.channels.values()) for (const s of channel.subscribers) s.socket.close(1001, 'server closing');
  }

  /** @internal Stops listening and closes every socket; called when the app closes. */
  async stop(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
    this.closeSockets();
  }

  private accept(channel: Channel, socket: WebSocket): void {
    if (channel.access === 'public') {
      this.join(channel, { socket });
      return;
    }
    let state: 'waiting' | 'checking' | 'in' = 'waiting';
    const timeout = setTimeout(() => socket.close(4401, 'not logged in'), AUTH_TIMEOUT_MS);
    socket.on('close', () => clearTimeout(timeout));
    socket.on('message', async (data) => {
      if (state !== 'waiting') return;
      state = 'checking';
      clearTimeout(timeout);
      try {
        const { token } = JSON.parse(String(data)) as { token?: unknown };
        const found = typeof token === 'string' ? await (channel.gate ?? this.sessions).open(token) : undefined;
        if (!found) {
          socket.close(4401, 'not logged in');
          return;
        }
        state = 'in';
        this.join(channel, { socket, member: found.member, session: found.session });
      } catch {
        socket.close(4400, 'bad message');
      }
    });
  }

  private join(channel: Channel, subscriber: Subscriber): void {
    const { socket, member } = subscriber;
    if (socket.readyState !== socket.OPEN) return;
    channel.subscribers.add(subscriber);
    if (member) {
      let set = channel.byMember.get(member.id);
      if (!set) {
        set = new Set();
        channel.byMember.set(member.id, set);
      }
      set.add(subscriber);
    }
    socket.on('close', () => {
      channel.subscribers.delete(subscriber);
      if (!member) return;
      const set = channel.byMember.get(member.id);
      set?.delete(subscriber);
      if (set?.size === 0) channel.byMember.delete(member.id);
    });
    if (channel.greet)
      channel
        .greet(member)
        .then((event) => {
          if (event !== undefined && socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
        })
        .catch((err) => {
          this.app.log.warn({ err }, 'socket greeting failed');
          socket.close(1011, 'server error');
        });
  }

  /** The players with a socket open (channels with a gate of their own hold other identities). */
  private memberIds(): Set<number> {
    const ids = new Set<number>();
    for (const channel of this.channels.values()) if (!channel.gate) for (const id of channel.byMember.keys()) ids.add(id);
    return ids;
  }

  /** Closes (4401) the player's sockets whose session is no longer live. */
  private checkSessions(memberId: number): void {
    for (const channel of this.channels.values()) if (!channel.gate) this.checkChannel(channel, memberId);
  }

  /** Closes (4401) the sockets of the channel's identity `id` whose session its gate no longer finds live. */
  private checkChannel(channel: Channel, id: number): void {
    const gate = channel.gate ?? this.sessions;
    for (const s of channel.byMember.get(id) ?? []) {
      const session = s.session;
      if (session === undefined) continue;
      gate
        .isLive(session)
        .then((live) => {
          if (!live) s.socket.close(4401, 'session ended');
        })
        .catch((err) => this.app.log.warn({ err }, 'session check failed'));
    }
  }
}

function send(subscribers: Iterable<Subscriber>, text: string): void {
  for (const { socket } of subscribers) if (socket.readyState === socket.OPEN) socket.send(text);
}

/**
 * Registers @fastify/websocket once for the whole app and decorates it with the hub (`app.realtime`).
 * Registered before the modules, so no socket depends on which module registers first.
 */
export const realtime = fp<{ database: Database; sessions: SocketSessions }>(
  async (app, { database, sessions }) => {
    await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
    const hub = new RealtimeHub(app, database, sessions);
    await hub.start();
    app.decorate('realtime', hub);
    app.addHook('onClose', async () => hub.stop());
  },
  { name: 'realtime' },
);
