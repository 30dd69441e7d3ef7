// A hostile game, served only by the browser tests (games-sandbox.e2e.test.ts): it tries every
// way out of its frame and records what happened in window.attempts, which the test reads.
(() => {
  const attempts = {};
  window.attempts = attempts;
  const tryIt = (name, fn) => {
    try {
      attempts[name] = { ok: true, value: String(fn()) };
    } catch (error) {
      attempts[name] = { ok: false, error: String(error?.name) };
    }
  };
  tryIt('cookie', () => document.cookie);
  tryIt('localStorage', () => window.localStorage.getItem('site_secret'));
  tryIt('sessionStorage', () => window.sessionStorage.getItem('site_secret'));
  tryIt('parentDocument', () => window.parent.document.cookie);
  tryIt('parentStorage', () => window.parent.localStorage.getItem('site_secret'));
  tryIt('topNavigation', () => {
    window.top.location.href = 'https://evil.example/stolen';
    return 'navigated';
  });
  tryIt('openPopup', () => (window.open('https://evil.example/popup') === null ? 'blocked' : 'opened'));
  const api = (path, init) =>
    fetch(path, { credentials: 'include', ...init }).then(
      async (r) => ({ ok: true, value: `${r.status} ${await r.text()}` }),
      (e) => ({ ok: false, error: String(e?.name) }),
    );
  // Our API with the member's session: a read and a write.
  window.apiAttempts = Promise.all([
    api('/servlet/api/user/getLoggedInUser.do'),
    // A form post: a "simple" request, sent without a preflight.
    api('/servlet/api/gift/purchaseGold.do', { method: 'POST', body: new URLSearchParams({ gold: '550' }) }),
  ]).then(([read, write]) => {
    attempts.apiRead = read;
    attempts.apiWrite = write;
  });

  // Through the SDK protocol, with arguments the host must refuse.
  const answers = {};
  window.sdkAnswers = answers;
  addEventListener('message', (e) => {
    if (e.data && e.data.protocol === 'tertulia-games/1') answers[e.data.id] = e.data;
  });
  const post = (id, method, params) =>
    parent.postMessage({ protocol: 'tertulia-games/1', id, method, params }, '*');
  window.hostile = {
    post,
    /** A flood of `count` requests as fast as the loop goes. */
    flood(count) {
      for (let i = 0; i < count; i++) post(`flood-${i}`, 'getPlayer', {});
    },
  };
})();
