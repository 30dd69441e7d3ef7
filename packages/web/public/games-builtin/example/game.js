// Catch the star: as many clicks as you can in 10 seconds, then the score goes to Tertulia.
const sdk = TertuliaGames.createGameClient();
const $ = (id) => document.getElementById(id);
const words = { es: ['Jugar', 'puntos', 'Amigos'], en: ['Play', 'points', 'Friends'] };
let score = 0,
  left = 0,
  text = words.es;

sdk.getPlayer().then((p) => {
  text = words[p.locale] || words.es;
  $('who').textContent = p.name;
  $('start').textContent = `▶ ${text[0]}`;
  sdk.setPresence(text === words.es ? 'Atrapando estrellas' : 'Catching stars');
  showBoard();
});

async function showBoard() {
  const rows = await sdk.getLeaderboard('friends');
  $('board').replaceChildren(
    ...rows.map((r) =>
      Object.assign(document.createElement('li'), { textContent: `${r.userName}: ${r.score}` }),
    ),
  );
}

function moveStar() {
  $('star').style.left = `${Math.random() * (innerWidth - 50)}px`;
  $('star').style.top = `${50 + Math.random() * (innerHeight - 110)}px`;
}

$('star').onclick = () => {
  $('score').textContent = `${++score} ${text[1]}`;
  moveStar();
};
$('start').onclick = () => {
  score = 0;
  left = 10;
  $('score').textContent = `0 ${text[1]}`;
  $('star').hidden = false;
  moveStar();
  const tick = setInterval(async () => {
    $('time').textContent = `${--left}s`;
    if (left > 0) return;
    clearInterval(tick);
    $('star').hidden = true;
    await sdk.submitScore(score);
    showBoard();
  }, 1000);
};
