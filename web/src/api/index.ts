export { ApiError, call, callFile, configureClient, request, requestFile, httpErrorText, isSessionExpiredAnswer } from './client.ts';
export { getToken, setToken, clearToken, TOKEN_KEY } from './token.ts';
export * from './auth.ts';
export * from './system.ts';
export * from './dashboard.ts';
export * from './select.ts';
export * from './crud.ts';
export * from './access.ts';
