import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../ui/navigation';
import {
  deliverMessage,
  type PledgeOutcome,
  type SendDeps,
  sendFromCard,
  setMessageDelivery,
} from './messaging';

const ana = { uid: 10_050, name: 'ana' };

function deps(pledged: boolean, outcome: PledgeOutcome = 'pledged') {
  const seen = { warn: [] as string[], error: [] as string[], delivered: [] as string[], asked: 0 };
  const d: SendDeps = {
    pledged: () => pledged,
    askPledge: async () => {
      seen.asked++;
      return outcome;
    },
    deliver: (_target, text) => {
      seen.delivered.push(text);
    },
    warn: (text) => seen.warn.push(text),
    error: (text) => seen.error.push(text),
  };
  return { d, seen };
}

describe('sending from the card', () => {
  afterEach(() => setMessageDelivery(null));

  it('an empty (or blank) message warns "No se puede enviar un mensaje vacío" and sends nothing', async () => {
    const { d, seen } = deps(true);
    expect(await sendFromCard(ana, '   ', d)).toBe(false);
    expect(seen.warn).toEqual(['No se puede enviar un mensaje vacío']);
    expect(seen.delivered).toEqual([]);
    expect(seen.asked).toBe(0);
  });

  it('a member who pledged sends straight away, trimmed', async () => {
    const { d, seen } = deps(true);
    expect(await sendFromCard(ana, ' hola ', d)).toBe(true);
    expect(seen.asked).toBe(0);
    expect(seen.delivered).toEqual(['hola']);
  });

  it('without the pledge, the pledge dialog shows first; pledging lets the message go on', async () => {
    const { d, seen } = deps(false, 'pledged');
    expect(await sendFromCard(ana, 'hola', d)).toBe(true);
    expect(seen.asked).toBe(1);
    expect(seen.delivered).toEqual(['hola']);
  });

  it('a failed pledge shows "Su mensaje no fue enviado"', async () => {
    const { d, seen } = deps(false, 'failed');
    expect(await sendFromCard(ana, 'hola', d)).toBe(false);
    expect(seen.error).toEqual(['Su mensaje no fue enviado']);
    expect(seen.delivered).toEqual([]);
  });

  it('declining the pledge sends nothing and says nothing', async () => {
    const { d, seen } = deps(false, 'cancelled');
    expect(await sendFromCard(ana, 'hola', d)).toBe(false);
    expect([...seen.error, ...seen.warn, ...seen.delivered]).toEqual([]);
  });

  it('delivery is an extension point: today it opens the profile page; messaging replaces it', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    await deliverMessage(ana, 'hola');
    expect(navigate).toHaveBeenCalledWith('/html/profile-view.jsp?user=10050');
    const send = vi.fn();
    setMessageDelivery(send);
    await deliverMessage(ana, 'hola');
    expect(send).toHaveBeenCalledWith(ana, 'hola');
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
