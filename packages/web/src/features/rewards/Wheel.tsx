import { SPIN_WHEEL } from '@tertulia/contract';
import { useI18n } from '../../i18n/i18n';
import styles from './Rewards.module.css';
import './texts';

const SLICE = 360 / SPIN_WHEEL.length;
const COLOURS = ['#0f766e', '#f59e0b', '#2563eb', '#db2777', '#16a34a', '#7c3aed', '#ea580c', '#b91c1c'];

/** The text of a wheel prize ("10 gemas"). */
export function usePrizeText() {
  const { t } = useI18n();
  return (slot: number) => {
    const s = SPIN_WHEEL[slot];
    return t(s.currency === 'gold' ? 'rewards.prize.gold' : 'rewards.prize.gems', { amount: s.amount });
  };
}

/** The angle that brings a slot's middle under the pointer at the top, after `turns` more turns. */
export function angleFor(slot: number, from: number, turns = 5): number {
  const target = (360 - (slot * SLICE + SLICE / 2)) % 360;
  const base = from - (((from % 360) + 360) % 360);
  return base + turns * 360 + target;
}

const point = (deg: number, r: number) => {
  const rad = ((deg - 90) * Math.PI) / 180;
  return `${100 + r * Math.cos(rad)} ${100 + r * Math.sin(rad)}`;
};

/** The wheel, drawn; it only turns to where the server's prize is (`rotation`). */
export function Wheel({ rotation, onStopped }: { rotation: number; onStopped: () => void }) {
  const { t } = useI18n();
  return (
    <div className={styles.wheelFrame}>
      <svg
        className={styles.wheel}
        viewBox="0 0 200 200"
        role="img"
        aria-label={t('rewards.spin.wheel', { count: SPIN_WHEEL.length })}
        style={{ transform: `rotate(${rotation}deg)` }}
        onTransitionEnd={onStopped}
        data-testid="wheel"
        data-rotation={rotation}
      >
        {SPIN_WHEEL.map((s) => {
          const start = s.slot * SLICE;
          const mid = start + SLICE / 2;
          return (
            <g key={s.slot}>
              <path
                d={`M100 100 L${point(start, 98)} A98 98 0 0 1 ${point(start + SLICE, 98)} Z`}
                fill={COLOURS[s.slot % COLOURS.length]}
                stroke="#fff"
                strokeWidth="1"
              />
              <g transform={`rotate(${mid} 100 100)`} fill="#fff" fontWeight="700" textAnchor="middle">
                <text x="100" y="34" fontSize="15">
                  {s.amount}
                </text>
                <text x="100" y="46" fontSize="8">
                  {t(s.currency === 'gold' ? 'rewards.unit.gold' : 'rewards.unit.gems')}
                </text>
              </g>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="14" fill="#fff" stroke="#0f172a" strokeWidth="2" />
      </svg>
      <span className={styles.pointer} aria-hidden="true" />
    </div>
  );
}
