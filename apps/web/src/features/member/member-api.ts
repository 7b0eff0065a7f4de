import { apiPaths, type CodeSent } from '@platform/contract';
import { apiGet, apiSend } from '../../api/client.ts';

export const securityOverview = () => apiGet(apiPaths.securityOverview);
export const loginHistory = () => apiGet(apiPaths.loginHistory, { query: { pageSize: 10 } });
export const setNickname = (nickname: string) => apiSend<null>(apiPaths.nickname, { nickname }, { method: 'PUT' });

export const sendBindSms = (countryDialingCode: string, mobileNum: string) =>
  apiSend<CodeSent>(apiPaths.smsCodeBind, { countryDialingCode, mobileNum });
export const sendBindEmail = (email: string) => apiSend<CodeSent>(apiPaths.emailCodeBind, { email });

export const bindMobile = (body: { countryDialingCode: string; mobileNum: string; verificationCode: string; password?: string }) =>
  apiSend<null>(apiPaths.bindMobile, body, { method: 'PUT' });
export const bindEmail = (body: { email: string; verificationCode: string; password?: string }) =>
  apiSend<null>(apiPaths.bindEmail, body, { method: 'PUT' });
