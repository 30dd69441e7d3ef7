// The battle scene: both sides face each other, three rounds of bars and punches, then the result.
// Played for a fresh attack and replayed from the journal (the server's rounds, never re-rolled).
import type { CallesBattle } from '@tertulia/contract';
import { portrait } from './art';
import { sounds } from './sound';
import { fill, type Words } from './texts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Shows the battle in `host` (an overlay), animated; resolves when the player closes it. */
export async function playBattle(host: HTMLElement, b: CallesBattle, w: Words, myId: number): Promise<void> {
  const mine = b.attacker.uid === myId;
  const iWon = mine ? b.attackerWon : !b.attackerWon;
  const name = (side: CallesBattle['attacker']) => (side.uid === myId ? w.you : esc(side.name));
  const max = Math.max(1, ...b.rounds.flatMap((r) => [r.attack, r.defence]));
  host.innerHTML = `<div class="battle" role="dialog" aria-modal="true" aria-label="${esc(w.attack)}">
  <div class="fighters">
    <figure class="side left">${portrait('bruiser', b.attacker.uid)}<figcaption>${name(b.attacker)}<small>${fill(w.level, { n: b.attacker.level })}</small></figcaption></figure>
    <div class="vs">VS</div>
    <figure class="side right">${portrait('guard', b.defender.uid)}<figcaption>${name(b.defender)}<small>${fill(w.level, { n: b.defender.level })}</small></figcaption></figure>
  </div>
  <ol class="rounds">${b.rounds
    .map(
      (_, i) => `<li data-round="${i}"><span class="rlabel">${fill(w.round, { n: i + 1 })}</span>
      <span class="bar a"><i></i></span><span class="bar d"><i></i></span></li>`,
    )
    .join('')}</ol>
  <div class="result" hidden></div>
  <button type="button" class="primary close" hidden>${w.close}</button>
</div>`;
  const scene = host.querySelector<HTMLElement>('.battle')!;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  for (const [i, r] of b.rounds.entries()) {
    const row = host.querySelector<HTMLElement>(`[data-round="${i}"]`)!;
    row.classList.add('on');
    const [a, d] = row.querySelectorAll<HTMLElement>('.bar i');
    a.style.width = `${(r.attack / max) * 100}%`;
    d.style.width = `${(r.defence / max) * 100}%`;
    a.textContent = String(r.attack);
    d.textContent = String(r.defence);
    await wait(reduced ? 50 : 450);
    const hit = r.attack > r.defence ? 'right' : 'left';
    scene.querySelector(`.side.${hit}`)?.classList.add('hit');
    row.classList.add(r.attack > r.defence ? 'atk' : 'def');
    sounds.punch();
    await wait(reduced ? 50 : 500);
    scene.querySelector(`.side.${hit}`)?.classList.remove('hit');
  }
  const result = host.querySelector<HTMLElement>('.result')!;
  const wounded = (c: CallesBattle['attackerWounded']) => c.bruiser + c.guard + c.runner;
  const lines = mine
    ? [
        `<strong class="${iWon ? 'good' : 'bad'}">${iWon ? w.won : w.lost}</strong>`,
        b.loot ? `<span class="loot">${fill(w.loot, { n: b.loot })}</span>` : '',
        `<span>${fill(w.xp, { n: b.attackerXp })}</span>`,
        `<span>${fill(w.woundedShort, { n: wounded(b.attackerWounded) })}</span>`,
      ]
    : [
        `<strong class="${iWon ? 'good' : 'bad'}">${iWon ? w.held : w.fell}</strong>`,
        b.loot ? `<span class="loot">${fill(w.lootLost, { n: b.loot })}</span>` : '',
        `<span>${fill(w.xp, { n: b.defenderXp })}</span>`,
        `<span>${fill(w.woundedShort, { n: wounded(b.defenderWounded) })}</span>`,
      ];
  result.innerHTML = lines.join('');
  result.hidden = false;
  scene.classList.add(iWon ? 'victory' : 'defeat');
  if (iWon) {
    sounds.win();
    if (b.loot && mine) setTimeout(sounds.coins, 500);
  } else sounds.lose();
  const close = host.querySelector<HTMLButtonElement>('.close')!;
  close.hidden = false;
  close.focus();
  await new Promise<void>((resolve) => {
    const done = () => {
      host.innerHTML = '';
      removeEventListener('keydown', key);
      resolve();
    };
    const key = (e: KeyboardEvent) => e.key === 'Escape' && done();
    close.onclick = done;
    addEventListener('keydown', key);
  });
}
