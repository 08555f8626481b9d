// session/load restores the mode from the log; this scenario never calls the model.
export default []
