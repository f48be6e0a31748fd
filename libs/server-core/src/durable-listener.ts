import { OnApplicationBootstrap, Provider, Type } from '@nestjs/common';
import type { EventPayload, EventSubject } from '@quotebook/contracts';
import { EventBus } from './event-bus';
import { observeEventLag } from './metrics';

export interface DurableListenerOptions<E extends EventSubject<unknown>, H> {
  event: E;
  /**
   * The durable consumer name, one per service and event: events published while the service was down
   * are delivered when it is back. Changing it makes the stream deliver the event's whole history again.
   */
  consumer: string;
  /** the provider that acts on the event */
  handler: Type<H>;
  /** what the handler does with one event; a failure is redelivered after a pause, so it must be idempotent */
  handle: (handler: H, payload: EventPayload<E>) => Promise<void>;
}

/** Subscribes once the application has started, so the handler's module (its database) is ready. */
class DurableListener<E extends EventSubject<unknown>> implements OnApplicationBootstrap {
  constructor(
    private readonly bus: EventBus,
    private readonly event: E,
    private readonly consumer: string,
    private readonly handle: (payload: EventPayload<E>) => Promise<void>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(this.event, this.consumer, (payload, { publishedAt }) => {
      // how far behind the listener is: a service that was down catches up with a long lag
      observeEventLag(this.event.subject, this.consumer, publishedAt);
      return this.handle(payload);
    });
  }
}

/**
 * A provider that acts on every event of one subject through a durable consumer (the process must
 * import EventsModule); it belongs in the module that holds the handler.
 */
export function durableListener<E extends EventSubject<unknown>, H>(options: DurableListenerOptions<E, H>): Provider {
  return {
    provide: `DurableListener:${options.consumer}`,
    useFactory: (bus: EventBus, handler: H) =>
      new DurableListener(bus, options.event, options.consumer, (payload) => options.handle(handler, payload)),
    inject: [EventBus, options.handler],
  };
}
