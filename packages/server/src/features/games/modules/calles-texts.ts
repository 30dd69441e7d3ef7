// Guerra de Calles' server texts (docs/games-calles.md). Data only, importing nothing: src/texts.ts
// composes it. `en` must carry every key of `es` (the type says so).
export const es = {
  'calles.notice': '{name} atacó tu calle en Guerra de Calles.',
  'calles.journalLost': '{name} asaltó tu calle y se llevó {loot} $.',
  'calles.journalHeld': '{name} atacó tu calle, pero tu banda aguantó.',
  'calles.notPlayer': 'Ese miembro no juega a Guerra de Calles.',
  'calles.notTarget': 'Solo puedes atacar a tus amigos o a jugadores cerca de tu nivel.',
  'calles.battleNotFound': 'No encontramos esa batalla en tu diario.',
  'calles.busy': 'Tu calle está muy movida ahora mismo. Vuelve a intentarlo.',
  'calles.refused.badCount': 'Puedes entrenar de 1 a 10 miembros cada vez.',
  'calles.refused.busy': 'Ya estás entrenando a tu banda. Espera a que terminen.',
  'calles.refused.cash': 'No tienes dinero suficiente.',
  'calles.refused.crewFull': 'Tu banda está completa para tu nivel.',
  'calles.refused.lotsFull': 'No te quedan solares libres. Sube de nivel para tener más.',
  'calles.refused.noCrew': 'No tienes a nadie en condiciones de pelear.',
  'calles.refused.cooldown': 'Tu banda está recuperando el aliento. Espera un poco.',
  'calles.refused.shielded': 'Esa calle acaba de sufrir un ataque. Déjala en paz un rato.',
  'calles.refused.self': 'No puedes atacar tu propia calle.',
} as const;

export const en: Record<keyof typeof es, string> = {
  'calles.notice': '{name} attacked your street in Street Wars.',
  'calles.journalLost': '{name} raided your street and took {loot} in cash.',
  'calles.journalHeld': '{name} attacked your street, but your crew held.',
  'calles.notPlayer': 'That member does not play Street Wars.',
  'calles.notTarget': 'You can only attack your friends or players near your level.',
  'calles.battleNotFound': 'We could not find that battle in your journal.',
  'calles.busy': 'Your street is very busy right now. Try again.',
  'calles.refused.badCount': 'You can train 1 to 10 members at a time.',
  'calles.refused.busy': 'Your crew is already training. Wait until they finish.',
  'calles.refused.cash': 'You do not have enough cash.',
  'calles.refused.crewFull': 'Your crew is full for your level.',
  'calles.refused.lotsFull': 'You have no free lots left. Level up to get more.',
  'calles.refused.noCrew': 'You have nobody fit to fight.',
  'calles.refused.cooldown': 'Your crew is catching its breath. Wait a moment.',
  'calles.refused.shielded': 'That street was just attacked. Leave it alone for a while.',
  'calles.refused.self': 'You cannot attack your own street.',
};
