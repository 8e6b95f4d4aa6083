/** Entry of a compute worker thread: serves the task registry. */
import { serve } from './serve.js';
import { TASKS } from './tasks.js';

serve(TASKS);
