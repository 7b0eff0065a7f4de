// Moved to packages/ui, shared with the back office; this path stays for the site's imports.
export * from '@platform/ui/icons.tsx';
