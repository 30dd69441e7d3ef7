import { api } from '@tertulia/contract';
import { keyOf } from '../query';
import { one } from './define';

/** Calls of the settings area: preferences and the e-mail change. */

const s = api.settings;
export const preferencesKey = keyOf(s.getPreferences);
export const getPreferences = /* @__PURE__ */ one(s.getPreferences);
export const setPreferences = /* @__PURE__ */ one(s.setPreferences);
export const changeEmail = /* @__PURE__ */ one(s.changeEmail);
export const confirmEmail = /* @__PURE__ */ one(s.confirmEmail);
