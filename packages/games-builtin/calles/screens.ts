// The four tabs, drawn from the server's answers: the street, the crew, targets and the journal.
import type { CallesBattle, CallesState, CallesTarget } from '@tertulia/contract';
import {
  BUILDING_KINDS,
  BUILDINGS,
  type BuildingKind,
  buildingPrice,
  CREW,
  CREW_KINDS,
  type CrewKind,
} from '../../server/src/features/games/modules/calles-rules';
import { building, emptyLot, portrait } from './art';
import { clock, fill, type Words } from './texts';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Timers count from the server's clock: `skew` is its time minus ours when it answered. */
export interface View {
  s: CallesState;
  w: Words;
  now: number;
}

const buildingInfo = (w: Words, k: BuildingKind) =>
  fill(w[`${k}Info`], {
    income: BUILDINGS[k].income,
    defence: BUILDINGS[k].defence,
    attack: BUILDINGS[k].attack,
  });

export function streetTab({ s, w }: View): string {
  const owned = BUILDING_KINDS.flatMap((k) => Array.from({ length: s.buildings[k] }, () => k));
  const free = Math.max(0, s.lots - owned.length);
  const tiles = [
    ...owned.map(
      (k) =>
        `<figure class="lot built" title="${w[k]}">${building(k)}<figcaption>${w[k]}</figcaption></figure>`,
    ),
    ...Array.from(
      { length: free },
      () =>
        `<button type="button" class="lot empty" data-action="pick-lot">${emptyLot()}<span>${w.freeLot} · ${w.build}</span></button>`,
    ),
  ];
  return `<section class="street" aria-label="${w.street}">
  <p class="meta">${fill(w.lotsUsed, { used: owned.length, lots: s.lots })} · ${fill(w.power, { a: s.attack, d: s.defence })}</p>
  <div class="lots">${tiles.join('')}</div></section>`;
}

export function buildSheet({ s, w }: View): string {
  return `<div class="sheet" role="dialog" aria-modal="true" aria-label="${w.buildWhat}"><h2>${w.buildWhat}</h2>
  <ul class="choices">${BUILDING_KINDS.map((k) => {
    const price = buildingPrice(s.buildings, k);
    return `<li><button type="button" data-action="build" data-kind="${k}" ${price > s.cash ? 'disabled' : ''}>
      ${building(k)}<span><strong>${w[k]}</strong><small>${buildingInfo(w, k)}</small></span><em>${price} $</em></button></li>`;
  }).join('')}</ul>
  <button type="button" class="ghost" data-action="close">${w.close}</button></div>`;
}

export function crewTab({ s, w, now }: View): string {
  const total = s.crew.bruiser + s.crew.guard + s.crew.runner;
  const hurt = s.wounded.bruiser + s.wounded.guard + s.wounded.runner;
  const status = [
    s.training
      ? `<p class="timer" data-until="${s.training.until}">${fill(w.training, {
          n: s.training.count,
          kind: w[s.training.kind as CrewKind],
          time: `<b>${clock(s.training.until - now)}</b>`,
        })}</p>`
      : '',
    hurt
      ? `<p class="timer" data-until="${s.recoverAt}">${fill(w.wounded, { n: hurt, time: `<b>${clock(s.recoverAt - now)}</b>` })}</p>`
      : '',
  ].join('');
  return `<section class="crew" aria-label="${w.crew}">
  <p class="meta">${fill(w.crewSize, { n: total + hurt, max: s.crewMax })} · ${fill(w.power, { a: s.attack, d: s.defence })}</p>${status}
  <ul class="cards">${CREW_KINDS.map((k) => {
    const c = CREW[k];
    const can = (n: number) => !s.training && s.cash >= c.cost * n;
    return `<li class="card ${k}">${portrait(k)}<div><h3>${w[k]} <span class="count">×${s.crew[k]}</span></h3>
      <p>${fill(w[`${k}Info`], { a: c.attack, d: c.defence })}</p>
      <p class="actions">${[1, 5]
        .map(
          (n) =>
            `<button type="button" data-action="train" data-kind="${k}" data-count="${n}" ${can(n) ? '' : 'disabled'}>${fill(w.train, { n })} · ${c.cost * n} $</button>`,
        )
        .join('')}</p></div></li>`;
  }).join('')}</ul></section>`;
}

export function attackTab({ s, w, now }: View, targets: CallesTarget[]): string {
  const resting = s.cooldownUntil > now;
  const rows = targets.map((t) => {
    const shielded = t.shieldUntil > now;
    return `<li class="target"><span class="avatar">${portrait('runner', t.uid)}</span>
    <span class="who"><strong>${esc(t.name)}</strong><small>${fill(w.level, { n: t.level })}${t.friend ? ` · ${w.friend}` : ''}</small></span>
    ${
      shielded
        ? `<span class="shield timer" data-until="${t.shieldUntil}">🛡 ${fill(w.shielded, { time: `<b>${clock(t.shieldUntil - now)}</b>` })}</span>`
        : `<button type="button" class="primary" data-action="attack" data-target="${t.uid}" ${resting ? 'disabled' : ''}>${w.go}</button>`
    }</li>`;
  });
  return `<section class="attack" aria-label="${w.attack}"><h2>${w.targets}</h2>
  ${resting ? `<p class="timer" data-until="${s.cooldownUntil}">${fill(w.cooldown, { time: `<b>${clock(s.cooldownUntil - now)}</b>` })}</p>` : ''}
  ${rows.length ? `<ul class="targets">${rows.join('')}</ul>` : `<p class="empty">${w.noTargets}</p>`}</section>`;
}

const ago = (w: Words, ms: number) =>
  fill(w.ago, {
    time: ms < 3_600_000 ? `${Math.max(1, Math.round(ms / 60_000))} min` : `${Math.round(ms / 3_600_000)} h`,
  });

export function journalTab({ w, now }: View, entries: CallesBattle[]): string {
  if (!entries.length) return `<section class="journal"><p class="empty">${w.emptyJournal}</p></section>`;
  return `<section class="journal" aria-label="${w.journal}"><ul class="entries">${entries
    .map((b) => {
      const defended = b.side === 'defender';
      const good = defended ? !b.attackerWon : b.attackerWon;
      const title = defended
        ? fill(w.attackedYou, { name: esc(b.attacker.name) })
        : fill(w.youAttacked, { name: esc(b.defender.name) });
      const money = b.loot ? (defended ? fill(w.lootLost, { n: b.loot }) : fill(w.loot, { n: b.loot })) : '';
      return `<li class="entry ${good ? 'good' : 'bad'} ${b.read ? '' : 'unread'}" data-battle="${b.id}">
      <span class="icon" aria-hidden="true">${defended ? '🛡' : '👊'}</span>
      <span class="what"><strong>${title}</strong><small>${good ? (defended ? w.held : w.won) : defended ? w.fell : w.lost}${money ? ` · ${money}` : ''} · ${ago(w, now - b.creationTime)}</small></span>
      <button type="button" data-action="replay" data-battle="${b.id}">${w.replay}</button></li>`;
    })
    .join('')}</ul></section>`;
}

export function helpSheet(w: Words, first: boolean): string {
  return `<div class="sheet help" role="dialog" aria-modal="true" aria-label="${w.help}"><h2>${w.help}</h2>
  <ol>${w.howTo.map((line) => `<li>${line}</li>`).join('')}</ol><p class="keys">${w.keys}</p>
  <button type="button" class="primary" data-action="close">${first ? w.start : w.close}</button></div>`;
}
