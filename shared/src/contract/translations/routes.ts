import { defineRoute } from '../route.js';
import { translationEndpoints } from './endpoints.js';
import { MessagesParams, MessagesResponse } from './schemas.js';

/** Routes of the languages and translations, for every audience. */
export const translationRoutes = {
  getMessages: defineRoute(translationEndpoints.getMessages, {
    summary:
      "The web app's strings in a language (its nearest offered language, else the default), missing ones from the default",
    params: MessagesParams,
    response: MessagesResponse,
  }),
};
