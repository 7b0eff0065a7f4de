import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { type Problem, problemText } from '../../i18n/problem-text.ts';
import type { Problems } from './form-rules.ts';

/** Which field shows a failure that the server answers without naming a field. */
const fieldOfCode: Record<string, string> = {
  APP_ERR_AUTH_CAPTCHA_REQUIRED: 'captcha',
  APP_ERR_AUTH_CAPTCHA_WRONG: 'captcha',
  APP_ERR_MEMBER_ACCOUNT_TAKEN: 'username',
  APP_ERR_MEMBER_MOBILE_TAKEN: 'mobileNum',
  APP_ERR_VERIFICATION_CODE_INVALID: 'verificationCode',
  APP_ERR_AUTH_OLD_PASSWORD_WRONG: 'oldPassword',
  APP_ERR_AUTH_INVITATION_CODE_INVALID: 'affiliateCode',
};

/**
 * Problems of a form, from the browser's checks or the server's answer: a server field error shows
 * at its field, a known code at the field it concerns (`rename` adapts names, e.g. the SMS login's
 * `code`), anything else above the submit button.
 */
export function useAuthForm(rename: Record<string, string> = {}) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<Problems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        const next: Problems = {};
        for (const f of err.fields) next[rename[f.field] ?? f.field] = { key: f.message, params: f.params };
        setProblems(next);
        setGeneral(null);
        return;
      }
      const field = err instanceof ApiError ? fieldOfCode[err.code] : undefined;
      if (field && err instanceof ApiError) {
        setProblems({ [rename[field] ?? field]: { key: err.message } });
        setGeneral(null);
        return;
      }
      setProblems({});
      setGeneral(errorText(t, err));
    },
    [t, rename],
  );

  /** Runs a submit: browser problems stop it; otherwise `work` runs with the busy state, failures land in the form. */
  const submit = useCallback(
    async (found: Problems, work: () => Promise<void>) => {
      setProblems(found);
      setGeneral(null);
      if (Object.keys(found).length > 0) return;
      setBusy(true);
      try {
        await work();
      } catch (err) {
        fail(err);
      } finally {
        setBusy(false);
      }
    },
    [fail],
  );

  const text = (field: string) => problemText(t, problems[field] as Problem | undefined);
  const clear = (field: string) =>
    setProblems((p) => {
      if (!(field in p)) return p;
      const { [field]: _, ...rest } = p;
      return rest;
    });
  return { problems, setProblems, general, setGeneral, busy, submit, fail, text, clear };
}
