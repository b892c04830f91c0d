// The version header every REST request sends (checked in src/app.ts's onRequest hook).
export const API_VERSION_HEADER = 'SERVICE-API-VERSION';
export const API_VERSION_VALUE = '1';
