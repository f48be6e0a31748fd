import { Logger } from '@nestjs/common';
import {
  EVENTS_STREAM,
  EVENTS_STREAM_SUBJECTS,
  EventPayload,
  EventSubject,
} from '@quotebook/contracts';
import {
  AckPolicy,
  connect,
  ConsumerMessages,
  DeliverPolicy,
  JSONCodec,
  NatsConnection,
  RetentionPolicy,
} from 'nats';
import { requestIdHeaders, requestIdOf } from './logging-context';
import { runWithRequestContext } from './request-context';

const codec = JSONCodec();
const SEVEN_DAYS_NS = 7 * 24 * 3600 * 1e9;

/** What the stream tells of one delivery of an event, beside its payload. */
export interface EventDelivery {
  /** when the event was stored in the stream (epoch milliseconds): the same on every redelivery */
  publishedAt: number;
}

/**
 * Durable events over NATS JetStream: a published fact stays in the stream, and each service reads it
 * through its own durable consumer, so a service that was down when it was published still acts on it.
 */
export class EventBus {
  private readonly logger = new Logger(EventBus.name);
  private readonly consumers: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];

  private constructor(private readonly connection: NatsConnection) {}

  static async connect(natsUrl: string, name: string): Promise<EventBus> {
    const connection = await connect({ servers: [natsUrl], name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
    const bus = new EventBus(connection);
    await bus.ensureStream();
    return bus;
  }

  private async ensureStream(): Promise<void> {
    const manager = await this.connection.jetstreamManager();
    const config = {
      name: EVENTS_STREAM,
      subjects: [EVENTS_STREAM_SUBJECTS],
      retention: RetentionPolicy.Limits,
      max_age: SEVEN_DAYS_NS,
    };
    try {
      await manager.streams.info(EVENTS_STREAM);
    } catch {
      try {
        await manager.streams.add(config);
      } catch (error) {
        // another replica created it in between
        await manager.streams.info(EVENTS_STREAM).catch(() => {
          throw error;
        });
      }
    }
  }

  async publish<E extends EventSubject<unknown>>(event: E, payload: EventPayload<E>): Promise<void> {
    // published while working for a request: its handlers, in every service, work for that request too
    await this.connection.jetstream().publish(event.subject, codec.encode(payload), { headers: requestIdHeaders() });
  }

  /**
   * Handles every message of one event subject with a durable consumer named `durableName`. A message
   * is acknowledged only after the handler succeeded; a failure is redelivered after a pause.
   */
  async subscribe<E extends EventSubject<unknown>>(
    event: E,
    durableName: string,
    handler: (payload: EventPayload<E>, delivery: EventDelivery) => Promise<void>,
  ): Promise<void> {
    const manager = await this.connection.jetstreamManager();
    const durable = durableName.replace(/[^A-Za-z0-9_-]/g, '_');
    await manager.consumers.add(EVENTS_STREAM, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: event.subject,
      ack_wait: 30 * 1e9,
    });
    const consumer = await this.connection.jetstream().consumers.get(EVENTS_STREAM, durable);
    const messages = await consumer.consume({ max_messages: 16 });
    this.consumers.push(messages);
    this.loops.push(
      (async () => {
        for await (const message of messages) {
          try {
            const delivery = { publishedAt: message.info.timestampNanos / 1e6 };
            await runWithRequestContext({ requestId: requestIdOf(message) }, () => handler(codec.decode(message.data) as EventPayload<E>, delivery));
            message.ack();
          } catch (error) {
            this.logger.error(`${event.subject} handler failed: ${error instanceof Error ? error.message : error}`);
            message.nak(2000);
          }
        }
      })(),
    );
  }

  async close(): Promise<void> {
    for (const messages of this.consumers) messages.stop();
    await Promise.allSettled(this.loops);
    await this.connection.drain().catch(() => this.connection.close());
  }
}
