import type { MerchantEntry, Permission, PermissionInfo } from '@platform/contract';
import { isModuleEnabled } from '@platform/contract';
import { createContext, useContext } from 'react';

/** What the permission call told us at start: the merchant, its switches, links and the visitor's location. */
export interface Platform {
  permission: Permission;
  info: PermissionInfo;
  merchant: MerchantEntry;
  brand: string;
  /** True when a whitelabel switch (moduleIds) is on. */
  isOn: (modId: string) => boolean;
}

export function platformOf(permission: Permission): Platform {
  const { info } = permission;
  return {
    permission,
    info,
    merchant: info.merchant,
    brand: info.theme.brandName,
    isOn: (modId) => isModuleEnabled(info.whitelabel, modId),
  };
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform needs the PlatformContext provider');
  return platform;
}
