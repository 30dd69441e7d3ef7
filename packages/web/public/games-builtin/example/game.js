// Catch the star: 10 points a catch for 10 seconds, then the score goes to Tertulia.
const sdk = TertuliaGames.createGameClient();
const $ = (id) => document.getElementById(id);
let score = 0;
let words = { play: 'Jugar', points: 'puntos', status: 'Atrapando estrellas' };

sdk.getPlayer().then((player) => {
  if (player.locale === 'en') words = { play: 'Play', points: 'points', status: 'Catching stars' };
  $('who').textContent = player.name;
  $('start').textContent = `▶ ${words.play}`;
  sdk.setPresence(words.status);
  showBoard();
});

async function showBoard() {
  const rows = await sdk.getLeaderboard('friends');
  $('board').textContent = rows.map((r) => `${r.rank}. ${r.userName}: ${r.score}`).join('\n');
}

const moveStar = () => {
  $('star').style.left = `${Math.random() * (innerWidth - 50)}px`;
  $('star').style.top = `${50 + Math.random() * (innerHeight - 110)}px`;
};
const show = () => {
  $('score').textContent = `${score} ${words.points}`;
};

$('star').onclick = () => {
  score += 10;
  show();
  moveStar();
};
$('start').onclick = () => {
  score = 0;
  show();
  $('star').hidden = false;
  moveStar();
  setTimeout(async () => {
    $('star').hidden = true;
    await sdk.submitScore(score);
    showBoard();
  }, 10_000);
};
