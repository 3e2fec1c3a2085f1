import { defineService } from '@giving/shared/manifest';

/** search: no routes yet (see DESIGN.md §1 for what it will own). */
export default defineService({ service: 'search' });
