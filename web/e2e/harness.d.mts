import type { Browser, Page } from 'playwright-core';

export const WEB_DIR: string;
export const ROOT_DIR: string;
export const ADMIN_PASSWORD: string;
export const TOKEN_KEY: string;
export function buildWeb(): void;
export function requireChineseFont(): void;
export function freePort(): Promise<number>;
export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  output(): string;
}
export function startServer(options?: { captcha?: 'on' | 'off'; adminPassword?: string; env?: Record<string, string> }): Promise<RunningServer>;
export function launchBrowser(): Promise<Browser>;
export function sha256Hex(text: string): string;
export function apiLogin(url: string, loginid?: string, password?: string): Promise<string>;
export function api(
  url: string,
  token: string,
  path: string,
  options?: { method?: string; body?: unknown },
): Promise<{ status: number; body: { status: unknown; message?: string; data?: unknown } | undefined }>;
export function changeFirstPassword(url: string, loginid: string, password: string): Promise<string>;
export function uiLogin(page: Page, url: string, options?: { loginid?: string; password?: string }): Promise<void>;
export function sessionLogin(page: Page, url: string, token: string): Promise<void>;
export const BOOK_FIELDS: Record<string, unknown>[];
export function defineBookSheet(url: string, token: string, name: string): Promise<void>;
export function defineBookTable(
  url: string,
  token: string,
  dataDir: string,
  name: string,
): Promise<{ flag: string; title: { zh: string; en: string }; columns: { name: string }[] }>;
