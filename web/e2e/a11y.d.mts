import type { Page } from 'playwright-core';

export interface AxeNode {
  target: string;
  html: string;
  summary: string;
}
export interface AxeViolation {
  id: string;
  impact: 'critical' | 'serious' | 'moderate' | 'minor' | null;
  help: string;
  nodes: AxeNode[];
}
export interface AuditedScreen {
  name: string;
  violations: AxeViolation[];
  splitWords: string[];
}
export function splitWords(page: Page): Promise<string[]>;
export const AXE_TAGS: string[];
export const IMPACTS: ('critical' | 'serious' | 'moderate' | 'minor')[];
export function manageRoutePaths(): string[];
export function menuRoutePaths(url: string, token: string): Promise<string[]>;
export function auditedRoutes(url: string, token: string): Promise<string[]>;
export function settle(page: Page): Promise<void>;
export function runAxe(page: Page): Promise<AxeViolation[]>;
export function countByImpact(violations: AxeViolation[]): Record<'critical' | 'serious' | 'moderate' | 'minor', number>;
export function describeViolations(violations: AxeViolation[], max?: number): string;
export function openAddDialog(page: Page): Promise<boolean>;
export function openImportDialog(page: Page): Promise<boolean>;
export function openRoute(page: Page, url: string, path: string): Promise<void>;
export function auditApp(
  page: Page,
  url: string,
  token: string,
  options?: { extraRoutes?: string[]; onScreen?: (screen: AuditedScreen) => void },
): Promise<AuditedScreen[]>;
