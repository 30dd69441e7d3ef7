import { addSpanishTexts } from '../../i18n/i18n';
import { liveEs } from '../../i18n/live.es';

// This feature's Spanish texts load with its chunk, not the first page (i18n/es.ts). Every module
// of it that names one of its keys imports this file (i18n/catalog.test.ts checks).
addSpanishTexts(liveEs);
