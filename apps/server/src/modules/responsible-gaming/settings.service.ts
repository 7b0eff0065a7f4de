/** A merchant's responsible-gaming settings (cooling period, help links): written by the seed and, later, the back office. */
export { settingsOf as responsibleGamingSettings, writeSettings as writeResponsibleGamingSettings } from './rg.repository.ts';
