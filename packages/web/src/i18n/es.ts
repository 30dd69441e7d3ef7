/**
 * Spanish catalog: the source of truth for keys (Spanish is the default language).
 * Placeholders are `{name}`. Texts quoted by the spec are copied exactly.
 */
export const es = {
  'app.name': 'Tertulia',
  'app.skipToContent': 'Saltar al contenido',
  'app.loading': 'Cargando…',
  'app.offline': 'Sin conexión. Mostrando lo último guardado.',

  'header.home': 'Tertulia, inicio',
  'header.nav': 'Principal',
  'header.accountMenu': 'Menú de la cuenta',
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

  'signup.title': 'Crear cuenta',
  'signup.lead': 'Solo tardas un minuto.',
  'signup.name': 'Nombre de usuario',
  'signup.password': 'Contraseña',
  'signup.email': 'Correo electrónico',
  'signup.birthday': 'Fecha de nacimiento',
  'signup.day': 'Día',
  'signup.month': 'Mes',
  'signup.year': 'Año',
  'signup.gender': 'Soy',
  'signup.genderF': 'Mujer',
  'signup.genderM': 'Hombre',
  'signup.submit': 'Crear cuenta',
  'signup.submitting': 'Creando tu cuenta…',
  'signup.nameTaken': 'Estos nombres parecidos están libres:',
  'signup.useName': 'Usar {name}',
  'signup.haveAccount': '¿Ya tienes cuenta?',
  'signup.loginLink': 'Inicia sesión',

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

  'time.recently': 'recientemente',

  'ads.label': 'Publicidad',
  'ads.vip.title': 'Hazte VIP',
  'ads.vip.body': 'Sin anuncios, perfil destacado y fotos efímeras en el chat.',
  'ads.gold.title': 'Consigue oro',
  'ads.gold.body': 'Envía regalos a quien te alegra el día.',
  'ads.games.title': 'Juega con amigos',
  'ads.games.body': 'Retos nuevos cada semana.',
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

  'push.buddyOnline': '{name} está en línea',
  'push.profileVisit': '{name} ha visitado tu perfil',
  'push.profileVisitHidden': 'Alguien ha visitado tu perfil',
  'push.giftReceived': '{name} te ha enviado {gift}',
  'push.offlineMessage': 'Nuevo mensaje de {name}',
  'push.friendRequest': '{name} quiere ser tu amigo',
  'push.chatPrivate': '{name}: {message}',

  'title.unread': '({count}) {title}',
} as const;

export type MessageKey = keyof typeof es;
export type Catalog = Record<MessageKey, string>;
