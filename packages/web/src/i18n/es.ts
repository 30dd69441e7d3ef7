/**
 * Spanish catalog: the source of truth for keys (Spanish is the default language).
 * Placeholders are `{name}`. Texts the product fixes word for word are kept exactly (catalog.test.ts).
 *
 * Feature texts (account, admin, friends, chat rooms, view-once, gifts, messages, people, photos,
 * premium, rewards, settings, stories, Web Push) are not in this module: each part registers itself when a module that names one of its keys
 * loads (features/<feature>/texts.ts), so a first visit carries only what its page shows. The few
 * keys of those features that the shell draws on every page live in core.es.ts or below.
 * Their keys are still part of `MessageKey`, so every lookup stays typed.
 */
import type { accountEs } from './account.es';
import type { adminEs } from './admin.es';
import type { buddiesEs } from './buddies.es';
import type { chatEs } from './chat.es';
import { coreEs } from './core.es';
import type { ephemeralEs } from './ephemeral.es';
import { feedEs } from './feed.es';
import type { gamesEs } from './games.es';
import type { giftsEs } from './gifts.es';
import { homeEs } from './home.es';
import type { liveEs } from './live.es';
import type { messagingEs } from './messaging.es';
import type { peopleEs } from './people.es';
import type { photosEs } from './photos.es';
import type { premiumEs } from './premium.es';
import type { rewardsEs } from './rewards.es';
import type { settingsEs } from './settings.es';
import type { storiesEs } from './stories.es';
import type { webpushEs } from './webpush.es';

const eager = {
  ...homeEs,
  ...coreEs,
  ...feedEs,
  'app.name': 'Tertulia',
  'app.skipToContent': 'Saltar al contenido',
  'app.loading': 'Cargando…',
  'app.offline': 'Sin conexión. Mostrando lo último guardado.',
  'im.header': 'Mensajes',
  'im.headerUnread': 'Mensajes: {count} sin leer',
  'im.none': 'Todavía no tienes conversaciones.',
  'im.untitled': 'Conversación',
  'im.typing': '{name} está escribiendo…',
  'im.unreadLabel': 'Sin leer:',
  'im.unreadCount': '{count} sin leer',
  'im.seeAll': 'Ver todas',
  'im.newMessage': 'Nuevo mensaje',
  'im.preview.photo': 'Foto',
  'im.preview.video': 'Video',
  'im.preview.audio': 'Mensaje de voz',
  'im.preview.gift': 'Regalo',
  'im.preview.spin': 'Ruleta',
  'im.gifBlocked': 'No se pueden pegar enlaces de Giphy ni de Tenor.',
  'im.icebreaker.1': '¡Hola, {name}! ¿Qué tal va tu día?',
  'im.icebreaker.2': 'Hola, {name}, he visto tu perfil. ¿Qué te gusta hacer los fines de semana?',
  'im.icebreaker.3': '¡Buenas, {name}! ¿Qué música estás escuchando últimamente?',
  'offline.newMail': 'Correo nuevo: {count}',
  'offline.inbox': 'Bandeja de entrada',
  'header.home': 'Tertulia, inicio',
  'nav.label': 'Navegación',
  'nav.home': 'Inicio',
  'nav.people': 'Personas',
  'nav.chat': 'Chat',
  'nav.games': 'Juegos',
  'push.gameInvite': '{name} te invita a jugar a {game}',
  'push.gameInviteWithMessage': '{name} te invita a jugar a {game}: {message}',
  'nav.messages': 'Mensajes',
  'nav.notifications': 'Notificaciones',
  'header.nav': 'Principal',
  'header.accountMenu': 'Menú de la cuenta',
  'header.accountMenuOf': '{name}, menú de la cuenta',
  'header.login': 'Iniciar sesión',
  'header.signup': 'Crear cuenta',
  'header.language': 'Idioma',

  'menu.status': 'Estado',
  'menu.statusMessage': 'Mensaje de estado…',
  'menu.language': 'Idioma',
  'menu.logout': 'Cerrar sesión',
  'status.online': 'En línea',
  'status.busy': 'Ocupado',
  'status.invisible': 'Invisible',
  'status.saved': 'Actualizaciones guardadas',
  'status.dialogTitle': 'Mensaje de estado',
  'status.messageLabel': 'Lo que quieres que vean tus amigos',
  'status.save': 'Guardar',

  'language.title': 'Elige tu idioma',
  'language.active': 'Idioma actual',

  'home.title': 'Inicio',
  'home.welcome': 'Hola, {name}',
  'home.memberLead': 'Aquí verás lo que pasa con tus amigos, tus mensajes y tus salas favoritas.',
  'home.heroTitle': 'Conversa, comparte y haz amigos',
  'home.heroLead':
    'Tertulia es la red social en español para charlar, compartir fotos y jugar con gente como tú.',
  'home.mustBeLoggedIn': 'Inicia sesión para continuar',

  'login.title': 'Iniciar sesión',
  'login.name': 'Nombre de usuario',
  'login.password': 'Contraseña',
  'login.rememberMe': 'Recordarme',
  'login.submit': 'Entrar',
  'login.submitting': 'Entrando…',
  'login.noAccount': '¿Todavía no tienes cuenta?',
  'login.signupLink': 'Regístrate gratis',

  'logout.title': 'Cerrar sesión',
  'logout.progress': 'Cerrando sesión…',

  'notFound.title': 'Página no encontrada',
  'notFound.body': 'La página que buscas no existe o se ha movido.',
  'notFound.home': 'Volver al inicio',

  'error.default':
    'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.',
  'error.network': 'No hay conexión. Revisa tu red y vuelve a intentarlo.',
  'error.pageTitle': 'Algo salió mal',
  'error.reload': 'Recargar la página',

  'verify.title': 'Verifica tu cuenta',
  'verify.body': 'Para continuar necesitas verificar tu cuenta.',
  'verify.now': 'Verificar ahora',
  'verify.later': 'Tal vez más tarde',

  'toast.close': 'Cerrar aviso',
  'toast.processing': 'Procesando',
  'toast.kind.error': 'Error',
  'toast.kind.warning': 'Atención',
  'toast.kind.success': 'Hecho',
  'toast.kind.notice': 'Aviso',
  'toast.kind.loveReceived': 'Amor recibido',
  'toast.kind.loveEarned': 'Amor ganado',
  'toast.kind.progress': 'Progreso',
  'toast.region': 'Avisos',

  'sheet.close': 'Cerrar',
  'share.title': 'Compartir',
  'share.native': 'Compartir…',
  'share.copy': 'Copiar enlace',
  'share.copied': '¡Copiado!',
  'share.email': 'Enviar por correo',

  'popup.close': 'Cerrar',
  'popup.label': 'Sugerencia',

  'dialog.loading': 'Cargando…',
  'dialog.minimize': 'Minimizar',
  'dialog.maximize': 'Maximizar',
  'dialog.close': 'Cerrar',
  'dialog.cancel': 'Cancelar',
  'dialog.minimized': 'Ventanas minimizadas',

  'hovercard.label': 'Vista previa del perfil',

  'list.loading': 'Cargando más…',
  'list.end': 'No hay más',

  'like.like': 'Me gusta',
  'like.unlike': 'Ya no me gusta',
  'like.count': '{count} me gusta',
  'like.count.one': '{count} me gusta',

  'time.recently': 'recientemente',

  'ads.label': 'Publicidad',
  'ads.visits.title': 'Mira quién te visita',
  'ads.visits.body': 'Descubre quién ha visto tu perfil.',
  'ads.chat.title': 'Entra en el chat',
  'ads.chat.body': 'Salas abiertas para charlar de lo que te gusta.',
  'ads.people.title': 'Conoce gente',
  'ads.people.body': 'Busca miembros cerca de ti.',
  'ads.cta': 'Ver más',

  'emoticon.smile': 'sonrisa',
  'emoticon.sad': 'tristeza',
  'emoticon.wink': 'guiño',
  'emoticon.heart': 'corazón',
  'emoticon.laugh': 'risa',
  'emoticon.cry': 'llanto',
  'emoticon.kiss': 'beso',
  'emoticon.tongue': 'lengua fuera',
  'emoticon.surprised': 'sorpresa',
  'emoticon.angry': 'enfado',
  'emoticon.cool': 'gafas de sol',
  'emoticon.love': 'enamorado',
  'emoticon.blush': 'sonrojado',
  'emoticon.confused': 'confundido',
  'emoticon.angel': 'ángel',
  'emoticon.thumbsup': 'pulgar arriba',

  'push.buddyOnline': '{name} está en línea',
  'push.profileVisit': '{name} ha visitado tu perfil',
  'push.profileVisitHidden': 'Alguien ha visitado tu perfil',
  'push.giftReceived': '{name} te ha enviado {gift}',
  'push.offlineMessage': 'Nuevo mensaje de {name}',
  'push.friendRequest': '{name} quiere ser tu amigo',
  'push.chatPrivate': '{name}: {message}',
  'alerts.imTitle': 'Mensaje de {name}',
  'alerts.chatTitle': '{name} te escribió en el chat',

  'header.search': 'Buscar gente',
  'menu.profile': 'Mi perfil',
  'menu.visits': '¿Quién vio mi perfil?',
  'menu.settings': 'Ajustes',
  'menu.about': 'Acerca de Tertulia',

  'people.lastAccess': 'Última conexión: {time}',
  'people.presence.online': 'En línea',
  'people.presence.busy': 'Ocupado',
  'people.presence.offline': 'Desconectado',
  'people.source.Web': 'Web',
  'people.source.Mobile': 'Móvil',
  'people.source.iphoneApp': 'App de iPhone',
  'people.source.androidApp': 'App de Android',
  'card.label': 'Perfil de {name}',
  'namePicker.suggestions': 'Sugerencias',
  'card.emptyMessage': 'No se puede enviar un mensaje vacío',
  'card.notSent': 'Su mensaje no fue enviado',
  'compose.title': 'Mensaje para {name}',

  'pledge.title': 'Nuestro compromiso',
  'pledge.body': 'Antes de escribir a otros miembros, prométenos que cuidarás la comunidad:',
  'pledge.point1': 'Trataré a todos con respeto.',
  'pledge.point2': 'No acosaré a nadie ni enviaré spam.',
  'pledge.point3': 'No compartiré contenido ofensivo ni ilegal.',
  'pledge.accept': 'Lo prometo',
  'pledge.decline': 'Ahora no',

  'report.title': 'Denunciar a {name}',
  'report.comment': 'Cuéntanos qué pasó (opcional)',
  'report.send': 'Enviar denuncia',
  'report.sending': 'Enviando…',
  'report.thanks': 'Gracias por ayudarnos a que Tertulia siga siendo un lugar divertido y seguro.',

  'upload.photo': 'Subiendo tu foto',
  'upload.background': 'Subiendo tu fondo',
  'upload.photoDone': 'Foto de perfil actualizada',
  'upload.backgroundDone': 'Fondo actualizado',
  'upload.wrongType': 'Elige una imagen JPEG, PNG, GIF o WebP.',

  'settings.title': 'Ajustes',
  'settings.profile': 'Tu perfil',
  'settings.profileLink': 'Ver y editar mi perfil',
  'settings.verified': 'Tu cuenta está verificada.',
  'settings.blocked': 'Miembros bloqueados',
  'settings.blockedLead': 'No pueden ver tu perfil, escribirte, visitarte ni encontrarte.',
  'settings.blockedNone': 'No has bloqueado a nadie.',
  'settings.unblockName': 'Desbloquear a {name}',

  'account.failedLogins':
    'Hubo {count} intentos fallidos de iniciar sesión con tu nombre desde tu última visita. Si no fuiste tú, cambia tu contraseña en Ajustes.',
  'account.failedLogins.one':
    'Hubo {count} intento fallido de iniciar sesión con tu nombre desde tu última visita. Si no fuiste tú, cambia tu contraseña en Ajustes.',
  'account.restored': 'Tu cuenta se ha recuperado: ya no se eliminará.',

  'title.unread': '({count}) {title}',

  'buddies.findPeople': 'Buscar gente',
  'buddies.online': 'Amigos en línea: {count}',
  'buddies.requestsBadge': 'Solicitudes de amistad: {count}',
  'buddies.requestsBadgeNone': 'Solicitudes de amistad',

  'addFriend.button': 'Añadir a amigos',
  'addFriend.sent': 'Solicitud enviada',
  'addFriend.success': 'Solicitud de amistad enviada',
  'invite.accepted': 'Invitación aceptada: ya tienes tu primer amigo en Tertulia.',
  'nav.chatRooms': 'Salas de chat',
  'push.chatInvite': '{name} te invita a la sala {room}',
  'push.chatInviteWithMessage': '{name} te invita a la sala {room}: {message}',
  'menu.boards': 'Clasificaciones',
  'menu.spin': 'Ruleta diaria',
  'menu.contests': 'Concursos',
  'menu.gems': 'Mis gemas',
} as const;

/** Parts that register themselves when their feature's chunk loads (`addSpanishTexts`). */
type LazyParts = typeof accountEs &
  typeof adminEs &
  typeof buddiesEs &
  typeof messagingEs &
  typeof peopleEs &
  typeof chatEs &
  typeof ephemeralEs &
  typeof gamesEs &
  typeof giftsEs &
  typeof storiesEs &
  typeof webpushEs &
  typeof liveEs &
  typeof photosEs &
  typeof premiumEs &
  typeof rewardsEs &
  typeof settingsEs;

/** The live Spanish catalog: the eager texts now, each lazy part once its feature has loaded. */
export const es = eager as typeof eager & LazyParts;

export type MessageKey = keyof typeof es;
export type Catalog = Record<MessageKey, string>;
