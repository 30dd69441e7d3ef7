import { createRequire } from 'node:module';

const require = createRequire('/work/main/packages/server/package.json');
const SQLite = require('better-sqlite3');
const proto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
const stats = new Map();
for (const m of ['run', 'all', 'get']) {
  const orig = proto[m];
  proto[m] = function (...args) {
    const t = performance.now();
    try {
      return orig.apply(this, args);
    } finally {
      const d = performance.now() - t;
      const k = this.source.slice(0, 110);
      const s = stats.get(k) ?? { n: 0, t: 0 };
      s.n++;
      s.t += d;
      stats.set(k, s);
    }
  };
}
process.on('exit', () => {
  for (const [k, s] of [...stats].sort((a, b) => b[1].t - a[1].t).slice(0, 16))
    console.log(
      `${s.n.toString().padStart(7)} ${s.t.toFixed(0).padStart(6)} ms ${((1000 * s.t) / s.n).toFixed(1).padStart(6)} µs  ${k}`,
    );
});
