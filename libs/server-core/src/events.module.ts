import { BeforeApplicationShutdown, DynamicModule, Module } from '@nestjs/common';
import { EventBus } from './event-bus';

/** One JetStream connection per process, available to every module. */
@Module({})
export class EventsModule implements BeforeApplicationShutdown {
  constructor(private readonly bus: EventBus) {}

  static forRoot(options: { natsUrl: string; name: string }): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      providers: [{ provide: EventBus, useFactory: () => EventBus.connect(options.natsUrl, options.name) }],
      exports: [EventBus],
    };
  }

  /** Before the database goes (its pool closes on application shutdown), so a running handler can finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
