// session/load retells the log; this scenario never calls the model.
export default []
