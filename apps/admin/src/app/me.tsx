import { adminPaths, type operatorMeSchema } from '@platform/contract';
import { createContext, useContext } from 'react';
import type { z } from 'zod';
import { api } from '../api/client.ts';

export type Me = z.infer<typeof operatorMeSchema>;

export const MeContext = createContext<Me | null>(null);

/** The signed-in operator; only inside the signed-in layout. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the signed-in layout');
  return me;
}

export const loadMe = (signal: AbortSignal) => api.get<Me>(adminPaths.me, { signal });
