/** The project's own ESLint rules, as the plugin `local` (eslint.config.js). */
import folderCycles from './folder-cycles.js';
import transactionHandle from './transaction-handle.js';

export default { meta: { name: 'local' }, rules: { 'folder-cycles': folderCycles, 'transaction-handle': transactionHandle } };
