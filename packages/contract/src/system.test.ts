import { describe, expect, it } from 'vitest';
import { isModuleEnabled, type WhitelabelNode } from './system.ts';

const node = (modId: string, on: boolean, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled: on ? '1' : '0',
  childrenNodes,
});

describe('isModuleEnabled', () => {
  const tree = [
    node('LOGIN', true, [node('FREEPLAY3', true), node('MOBILEVERCODELOGIN3', false)]),
    node('PROMO', false, [node('REFERRALPROMO3', true)]),
  ];

  it('finds switches at any depth', () => {
    expect(isModuleEnabled(tree, 'FREEPLAY3')).toBe(true);
    expect(isModuleEnabled(tree, 'MOBILEVERCODELOGIN3')).toBe(false);
  });

  it('treats a switch under a disabled parent as off, and an unknown switch as off', () => {
    expect(isModuleEnabled(tree, 'REFERRALPROMO3')).toBe(false);
    expect(isModuleEnabled(tree, 'NOPE')).toBe(false);
  });
});
