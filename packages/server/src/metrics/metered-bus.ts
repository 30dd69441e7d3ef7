import type { Bus, BusMessage } from '../push/bus';
import type { Metrics } from './metrics';

type Stamped = BusMessage & { sentAt?: number };

/**
 * The push bus with its figures taken (docs/metrics.md): each push carries the time it was
 * published, so every instance that receives it records the fan-out lag; Redis reconnects are
 * counted. The bus itself is unchanged.
 */
export function meteredBus(bus: Bus, metrics: Metrics): Bus {
  bus.redis?.on('reconnecting', () => metrics.busReconnected());
  return {
    redis: bus.redis,
    publish(message) {
      return bus.publish(message.kind === 'push' ? ({ ...message, sentAt: Date.now() } as Stamped) : message);
    },
    subscribe(handler) {
      bus.subscribe((message: Stamped) => {
        if (message.kind === 'push' && typeof message.sentAt === 'number') {
          metrics.fanout((Date.now() - message.sentAt) / 1000);
        }
        handler(message);
      });
    },
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}
