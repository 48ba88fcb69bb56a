/** The header's bell; the panel, the live channel and the read calls load behind it. */
export { NotificationBell } from './NotificationBell';
