// Contract methods of the input-required broker: what is waiting for the user, and the user's answers.
import type { HandlerMap } from '../handlers';
import type { InputBroker } from './input-broker';

export function inputHandlers(broker: InputBroker): HandlerMap<'input.pending' | 'input.answer'> {
  return {
    'input.pending': async () => broker.pending(),
    'input.answer': async ({ id, answer }) => ({ accepted: broker.answer(id, answer) })
  };
}
