// The accounts module's surface for tests elsewhere (security, ops): helpers and the few internals
// those tests drive directly. Production code imports `index.ts` only.
export {
  forgetSends,
  freshIp,
  latestCode,
  obtainCode,
  readOutbox,
  uniqueEmail,
  uniquePhone,
} from './accounts.testing.ts';
export { solvedCaptcha } from './captcha.testing.ts';
export { insertAccount } from './accounts.repository.ts';
export { captchaKey } from './captcha.service.ts';
export { MAX_WRONG_TRIES } from './codes.service.ts';
export { AVATAR_LIMITS } from './profile.service.ts';
export { issueTokenPair } from './tokens.service.ts';
