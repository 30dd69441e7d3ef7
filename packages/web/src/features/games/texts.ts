import { gamesEs } from '../../i18n/games.es';
import { addSpanishTexts } from '../../i18n/i18n';

// This feature's Spanish texts load with its chunk, not the first page (i18n/es.ts). Every module
// of it that names one of its keys imports this file (i18n/catalog.test.ts checks).
addSpanishTexts(gamesEs);
