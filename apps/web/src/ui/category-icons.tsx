import type { GameCategory } from '@platform/contract';
import type { ComponentType } from 'react';
import {
  IconCards,
  IconCockfight,
  IconEsports,
  IconFish,
  IconLive,
  IconLottery,
  type IconProps,
  IconSlots,
  IconSports,
  IconTicket,
} from './icons.tsx';

/** The icon of each game category, shared by the side menu, the home tiles and the lobbies. */
export const categoryIcons: Record<GameCategory, ComponentType<IconProps>> = {
  ELOTT: IconTicket,
  LOTT: IconLottery,
  LIVE: IconLive,
  SPORTS: IconSports,
  ESPORTS: IconEsports,
  COCKFIGHT: IconCockfight,
  FISH: IconFish,
  RNG: IconSlots,
  PVP: IconCards,
};
