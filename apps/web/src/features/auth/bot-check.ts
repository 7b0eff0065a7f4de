import { apiPaths } from '@platform/contract';
import { solveChallenge } from 'altcha-lib/v1';
import { ApiError, apiGet } from '../../api/client.ts';

/**
 * The bot check of username login and SMS sends: fetches an ALTCHA v1 challenge and solves its
 * proof of work in the browser, answering the base64 payload the server verifies (once).
 */
export async function solveBotCheck(): Promise<string> {
  const challenge = await apiGet(apiPaths.altchaChallenge);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new ApiError(400, 'APP_ERR_AUTH_BOT_CHECK_FAILED', 'error.verification_first');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
